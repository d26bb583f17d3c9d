import { SOFTWARE_SENSES } from "../harness/vocabulary.js";
import { evalRequests } from "../bench/resolutionEval.js";
import { goldTasks } from "../tools/catalog/index.js";
const sets = { test: evalRequests("test").map((r) => r.request), tuning: evalRequests("tuning").map((r) => r.request), gold: goldTasks.map((g) => g.task) };
for (const key of Object.keys(SOFTWARE_SENSES)) {
  const hits = Object.entries(sets).flatMap(([set, reqs]) => reqs.filter((r) => (/[a-z]/i.test(key) ? new RegExp(`\\b${key}\\b`, "i").test(r) : r.includes(key))).map(() => set));
  if (hits.length) console.log(key, hits.join(","));
}
