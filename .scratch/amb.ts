import { ALLOW_ALL } from "../harness/authority.js";
import { Harness } from "../harness/harness.js";
import { staticSource } from "../harness/sources.js";
import { evaluationCatalog, goldTasks } from "../tools/catalog/index.js";
const h = new Harness({ sources: [staticSource("x", evaluationCatalog())], authority: ALLOW_ALL });
for (const t of [...goldTasks.map((g) => g.task), "send the weekly calendar summary by mail", "tell me a joke about penguins"]) console.log(h.resolve(t).ambiguous ? "AMB " : "ok  ", t);
