/**
 * Progressive Resolution (CONTRACT §7): exact name → structural → lexical (→ semantic) rankings
 * fused, up to K disclosed (only an exact name stands alone), only over discoverable tools,
 * never a registration-order fallback; tools enriched from their schema and annotations;
 * Chinese through CC-CEDICT glosses; the index cached per catalog; a tool_search hit refreshes
 * a disclosed tool and never evicts it. Each rule's test names, in a `// Set:` line, the
 * evaluation set it was written from (from the commit that added it and docs/benchmarks.md),
 * or says the origin is not recorded.
 */
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { evalCatalog } from "../bench/resolutionEval.js";
import { Harness } from "../harness/harness.js";
import { tuning } from "../harness/resolution/config.js";
import { catalogHash, indexedTool, indexFor } from "../harness/resolution/index/cache.js";
import { ResolutionIndex } from "../harness/resolution/resolver.js";
import { cacheDir as cacheDirectory, readCached, sourceKey, writeCached } from "../language/cache.js";
import { staticSource } from "../harness/sources.js";
import { operandsOf } from "../language/operands.js";
import { prepareLanguage, weightedTerms } from "../language/terms.js";
import { isNegated, requestClauses } from "../language/clauses.js";
import { evaluationCatalog, generatedTools } from "../tools/catalog/index.js";
import { goldTasks } from "../eval/goldTasks.js";
import { defineTool, ok, type ToolDefinition } from "../tools/types.js";

const harnessOver = (tools: ToolDefinition[], deny: string[] = [], options: { disclosureLimit?: number; loadoutCap?: number } = {}) =>
  new Harness({ sources: [staticSource("catalog", tools)], authority: { allow: ["*"], deny }, ...options });
const names = (harness: Harness, task: string) => harness.resolve(task).disclosed.map((hit) => hit.name);

const evaluation = harnessOver(evaluationCatalog());
const mcp = harnessOver(evalCatalog());

const tool = (name: string, description: string, schema: z.ZodType = z.object({ q: z.string().describe("Query.") }), extra: Partial<ToolDefinition> = {}) =>
  defineTool({ name, domain: "demo", description, schema, risk: "read", execute: async () => ok("done"), ...extra });

let cacheDir: string;
let previousCache: string | undefined;
beforeAll(() => {
  // The language tables come from the usual cache; only the indexes go to a fresh directory.
  prepareLanguage("中文");
  previousCache = process.env.MIRA_CACHE_DIR;
  cacheDir = mkdtempSync(path.join(tmpdir(), "mira-cache-"));
  process.env.MIRA_CACHE_DIR = cacheDir;
});
afterAll(() => {
  if (previousCache === undefined) delete process.env.MIRA_CACHE_DIR;
  else process.env.MIRA_CACHE_DIR = previousCache;
});

// Contract rules (CONTRACT §7, issue 6), not written from an evaluation set, unless a test says otherwise.
describe("the cascade orders the evidence; it does not shrink the disclosure", () => {
  it("exact: canonical names in the task stand alone", () => {
    expect(evaluation.resolve("use git_diff then read_slice on the result").disclosed).toEqual([
      { name: "git_diff", stage: "exact" },
      { name: "read_slice", stage: "exact" },
    ]);
  });

  it("without an exact name, up to K = 8 fused candidates are disclosed, never a single guess", () => {
    const { disclosed } = evaluation.resolve("Schedule a meeting with Dan next Tuesday at 3pm");
    // The tool asked for leads; the rest of the disclosure is the K = 8 next candidates.
    expect(disclosed.map((hit) => hit.name).indexOf("create_event")).toBe(0);
    expect(disclosed).toHaveLength(8);
    expect(new Set(disclosed.map((hit) => hit.stage))).not.toContain("exact");
  });

  it("a question the old cascade answered with one wrong tool gets several candidates", () => {
    const found = names(mcp, "Where is the timeout value set in this repo?");
    // The word "set" still ranks Redis's SET first, but a search of the files is disclosed with it (sixth of eight).
    expect(found).toHaveLength(8);
    expect(found.indexOf("mcp__redis__set")).toBe(0);
    expect(found.indexOf("mcp__desktop-commander__start_search")).toBe(5);
  });

  it("K is a setting: default 8, a smaller K is honoured, and it is never above 10", () => {
    const task = "list the mail in my inbox and my calendar events and open issues";
    expect(names(evaluation, task).length).toBe(8);
    expect(names(harnessOver(evaluationCatalog(), [], { disclosureLimit: 3 }), task).length).toBe(3);
    expect(names(harnessOver(evaluationCatalog(), [], { disclosureLimit: 50 }), task).length).toBe(10);
    expect(evaluation.resolve(task, { limit: 2 }).disclosed.length).toBe(2);
  });

  it("never falls back to registration order: a task nothing matches discloses nothing", () => {
    expect(names(evaluation, "tell me a joke about penguins")).toEqual([]);
    expect(names(evaluation, "")).toEqual([]);
  });

  // Set: tuning-b4, from its read misses (960cd22; docs/benchmarks.md, fourth blind set).
  it("a tool its description names as an identifier or as code comes along; a bare word that is also a tool's name does not", () => {
    const tools = [
      tool("find_symbols", "Find code symbols by name. Verify each hit with read_lines before you deploy or search further; errors are written to `logs`."),
      tool("read_lines", "Read a range of lines of a file."),
      tool("deploy", "Deploy the application to production."),
      tool("search", "Search the web."),
      tool("logs", "Show the application's logs."),
    ];
    expect(names(harnessOver(tools, [], { disclosureLimit: 3 }), "find code symbols named parse")).toEqual(["find_symbols", "read_lines", "logs"]);
  });

  it("registration order never matters", () => {
    const reversed = harnessOver([...evaluationCatalog()].reverse());
    for (const { task } of goldTasks) expect(names(reversed, task)).toEqual(names(evaluation, task));
  });

  it("never discloses a tool that is not authorized", () => {
    const denied = harnessOver(evaluationCatalog(), ["code.github"]);
    expect(names(denied, "Open a pull request for my current branch")).not.toContain("create_pull_request");
    expect(names(denied, "use create_pull_request")).not.toContain("create_pull_request");
  });

  it("the top-N ranking is callable for exposures that show a fixed number of tools", () => {
    const top = evaluation.rank("Open a pull request for my current branch so the team can review it", 20);
    expect(top.length).toBe(20);
    expect(top.slice(0, 8)).toContain("create_pull_request");
  });
});

// Set: origin not recorded (02b3413, the first resolver; its commit names no request set).
describe("tools are enriched when indexed", () => {
  it("a parameter's description is searchable", () => {
    const invoices = tool("ledger_post", "Post an entry.", z.object({ entry: z.string().describe("The supplier invoice number to book.") }));
    const harness = harnessOver([...evaluationCatalog(), invoices]);
    // Words only the parameter's description says ("book" would also reach "post" through WordNet).
    expect(names(harness, "the supplier invoice number")[0]).toBe("ledger_post");
  });

  it("snake, camel and kebab case names are split, and the vendor prefix is recognised", () => {
    const camel = tool("fetchWeatherForecast", "Returns data.");
    const kebab = tool("API-get-weather-alerts", "Returns data.");
    const harness = harnessOver([...evaluationCatalog(), camel, kebab]);
    expect(names(harness, "weather forecast for tomorrow")[0]).toBe("fetchWeatherForecast");
    expect(names(harness, "any weather alerts?")[0]).toBe("API-get-weather-alerts");
  });

  it("the vendor a task names outranks the same action of another vendor (GitHub vs GitLab)", () => {
    expect(names(mcp, "Fork this repository on GitLab")[0]).toBe("mcp__gitlab__fork_repository");
    expect(names(mcp, "Fork this repository on GitHub")[0]).toBe("mcp__github__fork_repository");
  });

  it("MCP annotations are indexed: a destructive hint answers a request to remove", () => {
    const purge = tool("purge_snapshots", "Snapshots maintenance.", undefined, { annotations: { destructiveHint: true } });
    // Its twin without the hint, registered first: only the hint tells the two apart.
    const keep = tool("keep_snapshots", "Snapshots maintenance.");
    const harness = harnessOver([...evaluationCatalog(), keep, purge]);
    expect(names(harness, "remove old snapshots").slice(0, 2)).toEqual(["purge_snapshots", "keep_snapshots"]);
  });
});

// Set: origin not recorded unless a test says otherwise (62e10b3, "resolution at scale", names no request set).
describe("near-duplicates and catalogs at scale", () => {
  const vendorTool = (vendor: string, group: string, verb: string, object: string) =>
    tool(`${vendor}_${verb}_${object}`, `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${object} in ${vendor}.`, z.object({ [`${object}Id`]: z.string().describe(`Id of the ${object}.`) }), { domain: `${group}.${vendor}` });
  const folderTools = ["s3", "gcs", "dropbox", "box", "outlook", "exchange"].flatMap((vendor) =>
    ["delete", "get", "archive"].map((verb) => vendorTool(vendor, vendor === "outlook" || vendor === "exchange" ? "mail" : "storage", verb, "folder")),
  );
  const deletePath = tool("delete_path", "Delete a file, or a directory.", z.object({ path: z.string().describe("Path to delete.") }), { domain: "workspace.write" });
  const writeFile = tool("write_file", "Create a file with the given text.", z.object({ path: z.string().describe("Path of the file.") }), { domain: "workspace.write" });
  const stages = (tools: ToolDefinition[], task: string) => indexFor(tools).index.rankings(task, () => true);

  it("copies: tools of vendors the task does not name that match it by the same evidence take one place, after which come the distinct tools", () => {
    const [structural, lexical] = stages([...folderTools, deletePath, writeFile], "Delete the tmp folder");
    for (const stage of [structural!, lexical!]) {
      expect(stage.names.filter((name) => name.endsWith("_delete_folder"))).toHaveLength(1);
      expect(stage.copies?.filter((name) => name.endsWith("_delete_folder"))).toHaveLength(5);
    }
    expect(harnessOver([...folderTools, deletePath, writeFile], [], { disclosureLimit: 3 }).rank("Delete the tmp folder", 3)).toContain("delete_path");
  });

  // Set: tuning2 (9ff9741: its calendar, mail and chat requests, committed as tuning2 in 5d03851).
  it("the product a request matches first keeps a few of its operations as names: the request did not say which one", () => {
    // Real Google Calendar MCP tools: "what's on my calendar" names the product, not list-events.
    const [, lexical] = indexFor(evalCatalog()).index.rankings("What's on my calendar tomorrow afternoon?", () => true);
    expect(lexical!.names.filter((name) => name.startsWith("mcp__google-calendar__")).length).toBeGreaterThanOrEqual(3);
    expect(names(mcp, "What's on my calendar tomorrow afternoon?")).toContain("mcp__google-calendar__list-events");
  });

  it("copies still fill the disclosure when the distinct tools run out: never a single guess", () => {
    const harness = harnessOver(folderTools);
    const found = names(harness, "Delete the folder");
    // The first product's operations, then the copies of other vendors in the disclosure's remaining places.
    expect(found.flatMap((name, rank) => (name.endsWith("_delete_folder") ? [rank] : []))).toEqual([0, 3, 4, 7]);
    expect(found).toHaveLength(8);
  });

  it("a vendor the task names is never a copy: its tool leads", () => {
    expect(harnessOver([...folderTools, deletePath]).rank("Delete the folder in Outlook", 1)).toEqual(["outlook_delete_folder"]);
  });

  it("vendor prefixes: a sub-domain that varies while the rest of the name stays is a vendor, dictionary word or not; one with no such sibling names an action", () => {
    const [structural] = stages([...folderTools, deletePath, writeFile], "Archive the folder");
    // box, outlook and exchange are dictionary words, yet prefixes of the same `archive_folder`.
    expect(structural!.names.filter((name) => name.endsWith("_archive_folder"))).toHaveLength(1);
    // `write_file` in `workspace.write` has no sibling `*_file`: "write" is its capability, not its vendor.
    expect(stages([...folderTools, deletePath, writeFile], "write the file")[0]!.names[0]).toBe("write_file");
  });

  // Set: tuning and tuning3 with their catalog renamed (5d0ec7d: 26 → 31/32, 22 → 27/30; heldout-mcp was measured beside them, 28 → 27/33).
  it("a catalog that prefixes every tool by its server (slack_send_message in slack, slack.send_message in mcp.slack) has those servers as vendors", () => {
    const servers = ["slack", "discord", "teams"];
    const oneLevel = servers.flatMap((server) => ["send_message", "list_channels"].map((action) => tool(`${server}_${action}`, `${action === "send_message" ? "Send a message" : "List the channels"} in ${server}.`, undefined, { domain: server })));
    const dotted = oneLevel.map((entry) => ({ ...entry, name: entry.name.replace("_", "."), domain: `mcp.${entry.domain}` }));
    for (const catalog of [oneLevel, dotted]) {
      const [structural] = stages(catalog, "send a message to the channel");
      expect(structural!.names.filter((name) => name.endsWith("send_message"))).toHaveLength(1);
      expect(structural!.copies?.filter((name) => name.endsWith("send_message"))).toHaveLength(2);
      expect(harnessOver(catalog).rank("send it on Discord", 1)[0]).toMatch(/^discord.send_message$/);
    }
  });

  // Set: tuning-b1 (0934a61: its misses en-13 and zh-05).
  it("two request words a tool writes as one count as that word: 'on call' meets oncall", () => {
    const oncall = tool("get_oncall_users", "Get the users oncall now.");
    const phone = tool("place_phone_call", "Place a phone call to a number.");
    expect(harnessOver([phone, oncall]).rank("who is on call right now?", 1)).toEqual(["get_oncall_users"]);
  });

  // Set: tuning-b5, from its read misses (089c789; docs/benchmarks.md).
  it("a compound noun no tool says counts as its head some tool says: 'whiteboard' meets board", () => {
    const board = tool("get_specific_board", "Retrieve the details of one board.");
    const snippet = tool("get_white_snippet", "Retrieve a white snippet.");
    expect(harnessOver([snippet, board]).rank("open the whiteboard", 1)).toEqual(["get_specific_board"]);
  });

  // Set: tuning-b1 (d854490).
  it("a hyphenated word is one word: 'to-do' meets todo (and so Todoist)", () => {
    const apps = ["todoist", "notes"].flatMap((server) => ["add_item", "list_items"].map((action) => tool(`${server}_${action}`, `${action === "add_item" ? "Add an item" : "List the items"} in ${server}.`, undefined, { domain: server })));
    expect(harnessOver(apps).rank("put milk on my to-do list", 1)).toEqual(["todoist_list_items"]);
  });

  // Set: tuning-b1 (0934a61).
  it("a vendor written short names it: 'mongo' is MongoDB when no other vendor begins so", () => {
    const servers = ["mongodb", "mysql"].flatMap((server) => ["count_rows", "drop_table"].map((action) => tool(`${server}_${action}`, `${action === "count_rows" ? "Count rows" : "Drop a table"} in ${server}.`, undefined, { domain: server })));
    expect(harnessOver(servers).rank("count the rows in mongo", 1)).toEqual(["mongodb_count_rows"]);
  });

  // Set: tuning-b2, from its diagnoses (1503fa9; docs/benchmarks.md).
  it("a proper name most of a vendor's descriptions say, and others rarely, is that vendor's other name: 'Google' and 谷歌 name gtasks", () => {
    const servers = [
      ...["create", "list"].map((verb) => tool(`gtasks_${verb}`, `${verb === "create" ? "Create a task" : "List the tasks"} in Google Tasks.`, undefined, { domain: "gtasks" })),
      ...["create", "list"].map((verb) => tool(`asana_${verb}`, `${verb === "create" ? "Create a task" : "List the tasks"} in the tasks board.`, undefined, { domain: "asana" })),
    ];
    const harness = harnessOver(servers);
    expect(harness.rank("create a task in Google", 1)).toEqual(["gtasks_create"]);
    expect(harness.rank("看看谷歌里的任务", 2).sort()).toEqual(["gtasks_create", "gtasks_list"]);
  });

  // Set: tuning-b2, from its diagnoses (598e48c; docs/benchmarks.md).
  it("a vendor written in Chinese characters the dictionary lacks is read by its pinyin: 飞书 is Feishu (jieba cuts it apart)", () => {
    const servers = ["zulip", "feishu"].flatMap((server) => ["send_message", "list_chats"].map((action) => tool(`${server}_${action}`, `${action === "send_message" ? "Send a message" : "List the chats"} in ${server}.`, undefined, { domain: server })));
    expect(harnessOver(servers).rank("在飞书群里发个消息", 1)).toEqual(["feishu_send_message"]);
    // Pinyin spells no short name: 里呢 reads "line", and no five letters make it a vendor.
    const line = ["line", "kik"].flatMap((server) => ["send_message", "list_chats"].map((action) => tool(`${server}_${action}`, `${action === "send_message" ? "Send a message" : "List the chats"} in ${server}.`, undefined, { domain: server })));
    expect(harnessOver(line).rank("群里呢发个消息", 1)).toEqual(["kik_send_message"]);
  });

  // Set: tuning-b3, from its read misses (0f359f6; docs/benchmarks.md).
  it("a vendor written with digits is one word as well as its parts: 1Password is the term 1password", () => {
    expect([...weightedTerms("list the items in 1Password", true, tuning.termWeights).keys()]).toEqual(expect.arrayContaining(["1password", "password"]));
  });

  // Set: tuning-b3, in part (1592977; docs/benchmarks.md: the vendor-parts rule).
  it("a named vendor written as one word of parts is not also its parts: 'what's kept in 1Password' asks for no password tool", () => {
    const keeper = [
      tool("mcp__1password__password_generate", "Generate a random password."),
      tool("mcp__1password__password_read", "Read a password."),
      tool("mcp__1password__vault_list", "List the vaults that keep your items."),
    ];
    const [structural] = stages(keeper, "what's kept in 1Password?");
    expect(structural!.names[0]).toBe("mcp__1password__vault_list");
    // Said on its own, the part is still a word of the request.
    expect(stages(keeper, "read the wifi password in 1Password")[0]!.names[0]).toBe("mcp__1password__password_read");
  });

  // Set: tuning-b3, from its read misses (0f359f6; docs/benchmarks.md).
  it("a dictionary word capitalized inside a sentence may be a vendor's nickname: 'in Sonar' is SonarQube", () => {
    const trackers = ["sonarqube", "github"].flatMap((server) => ["list_issues", "get_issue"].map((action) => tool(`${server}_${action}`, `${action === "list_issues" ? "List the issues" : "Get an issue"}.`, undefined, { domain: server })));
    const harness = harnessOver(trackers);
    expect(harness.rank("list the open issues in Sonar", 1)).toEqual(["sonarqube_list_issues"]);
    expect(harness.rank("list the open issues the sonar found", 1)).toEqual(["github_list_issues"]);
  });

  it("a vendor that is a dictionary word is named only as a proper noun: 'the team' is not Teams", () => {
    const teams = ["teams", "slack"].flatMap((vendor) => ["get", "create"].map((verb) => vendorTool(vendor, "chat", verb, "user")));
    const pullRequest = tool("create_pull_request", "Open a pull request from a head branch into a base branch.", undefined, { domain: "code.github" });
    const harness = harnessOver([...teams, pullRequest]);
    expect(harness.rank("Open a pull request so the team can review it", 1)).toEqual(["create_pull_request"]);
    expect(harness.rank("Get the user in Teams", 1)).toEqual(["teams_get_user"]);
  });

  it("a parameter that is a record's key (fileId) takes no operand: a path in the task does not point at it", () => {
    const cloudFile = tool("cloud_get_file", "Get a file from Cloud.", z.object({ fileId: z.string().describe("Id of the file.") }), { domain: "storage.cloud" });
    const readText = tool("read_text", "Read a text file.", z.object({ path: z.string().describe("Path of the file.") }), { domain: "workspace.read" });
    const [structural] = stages([cloudFile, readText], "notes/a.md");
    expect(structural!.names).toEqual(["read_text"]);
  });

  const fillers = (word: string, count = 120) =>
    Array.from({ length: count }, (_, i) => tool(`store${i}_${word}_record`, `${word[0]!.toUpperCase()}${word.slice(1)} a record from the mail store ${i}.`, undefined, { domain: `data.store${i}` }));

  it("a common word the request says (in more tools than the common share) still ranks the lexical matches by their names", () => {
    // "delete" is in 120 of 1,000 tools: too common to look up in every field.
    const catalog = [...fillers("delete"), ...fillers("get", 880).map((filler) => ({ ...filler, name: `${filler.name}_v`, domain: `${filler.domain}.v` }))];
    const copyFolder = tool("folder_copy", "Copy a folder, with each folder inside it.");
    const deleteFolder = tool("folder_delete", "Delete a folder.");
    const [, lexical] = stages([...catalog, copyFolder, deleteFolder], "delete the folder");
    expect(lexical!.names[0]).toBe("folder_delete");
  });

  it("a word common in descriptions but rare in names still finds the tools it names", () => {
    const readMail = tool("read_mail", "Read one message.");
    const [structural] = stages([...fillers("export"), readMail], "the mail from Carol");
    expect(structural!.names).toContain("read_mail");
  });
});

// Set: tuning-b3, in part (d98cf4a; docs/benchmarks.md: the clause rankings came in part from its misses).
describe("a request of several clauses asks for a tool per clause", () => {
  const reports = ["export", "download", "print"].map((action) => tool(`${action}_sales_report`, `${action[0]!.toUpperCase()}${action.slice(1)} a quarterly sales report as a PDF.`));
  // Tools that share a word or two with the first clause: without its own ranking, the second clause's tool ranks below them.
  const boards = ["planning", "budget", "hiring", "roadmap", "release", "design", "support", "finance", "legal", "security", "travel", "events"].flatMap((topic) => [
    tool(`open_${topic}_board`, `Open the quarterly ${topic} board.`),
    tool(`attach_${topic}_file`, `Attach a PDF file to the ${topic} page.`),
  ]);
  const mail = tool("send_outbound_message", "Send an email message to a recipient.");
  const catalog = [...reports, ...boards, mail];
  const rankingsOf = (tools: ToolDefinition[], task: string) => indexFor(tools).index.rankings(task, () => true);

  it("the parts of a request: cut at punctuation and connectives, never inside example.com or v2.3.0; one part, or more than a few, is no list of steps", () => {
    expect(requestClauses("Open example.com in a browser and take a screenshot")).toEqual(["Open example.com in a browser", "take a screenshot"]);
    expect(requestClauses("Tag the commit as v2.3.0, then push it")).toEqual(["Tag the commit as v2.3.0", "push it"]);
    expect(requestClauses("查下明天的天气，然后在群里提醒大家")).toEqual(["查下明天的天气", "在群里提醒大家"]);
    expect(requestClauses("Delete the tmp folder")).toEqual([]);
    expect(requestClauses("a, b2, c3, d4, e5, f6")).toEqual([]);
  });

  it("each clause's own ranking is fused in beside the whole request's: the short clause's tool is disclosed", () => {
    for (const task of ["Export the quarterly sales report as a PDF for the board, then email it to Bob", "Export the quarterly sales report as a PDF for the board and email it to Bob"]) {
      expect(names(harnessOver(catalog), task)).toContain("send_outbound_message");
    }
  });

  it("a clause that says what not to do asks for no tool: it gets no ranking of its own", () => {
    expect(isNegated("but don't delete them")).toBe(true);
    expect(isNegated("别彻底删")).toBe(true);
    // 区别 (difference) holds 别 but negates nothing.
    expect(isNegated("两个方案的区别")).toBe(false);
    expect(rankingsOf(catalog, "Export the quarterly sales report as a PDF, but don't email it")).toHaveLength(2);
    expect(rankingsOf(catalog, "Export the quarterly sales report as a PDF, then email it")).toHaveLength(4);
  });

  it("a clause that only names a vendor asks for nothing of its own; the vendor holds in the other clauses", () => {
    const plane = ["move_issue", "list_cycles"].map((action) => tool(`plane_${action}`, `${action === "move_issue" ? "Move an issue" : "List the cycles"} in Plane.`, undefined, { domain: "plane" }));
    const jira = ["move_issue", "list_cycles"].map((action) => tool(`jira_${action}`, `${action === "move_issue" ? "Move an issue" : "List the cycles"} in Jira.`, undefined, { domain: "jira" }));
    expect(rankingsOf([...plane, ...jira], "In Plane, move the issue to the next cycle")).toHaveLength(2);
    // "move the issue" names no vendor: Plane's tool leads its ranking, not Jira's (first by name).
    expect(rankingsOf([...plane, ...jira], "Open Plane, then move the issue").at(-1)?.names[0]).toBe("plane_move_issue");
  });
});

// Contract rules (CONTRACT §7), not written from an evaluation set.
describe("the loadout: a search hit on a disclosed tool refreshes it, never evicts it", () => {
  it("tool_search with a disclosed tool's exact name keeps it and makes it most recent", async () => {
    const harness = harnessOver(evaluationCatalog(), [], { loadoutCap: 3 });
    let loadout = harness.disclose([], ["read_open", "send_mail", "create_pull_request"]);
    const found = (await harness.search("read_open")).disclosed.map((hit) => hit.name);
    expect(found).toEqual(["read_open"]);
    loadout = harness.discloseRanked(loadout, found);
    expect(loadout).toEqual(["send_mail", "create_pull_request", "read_open"]);
    expect(harness.checkExecutable("read_open", loadout)).toMatchObject({ ok: true });
  });

  it("a ranked search whose hits are already disclosed keeps every one of them", async () => {
    const harness = harnessOver(evaluationCatalog(), [], { loadoutCap: 12 });
    const first = names(harness, "Schedule a meeting with Dan next Tuesday at 3pm");
    const loadout = harness.discloseRanked([], first);
    const again = (await harness.search("schedule a meeting")).disclosed.map((hit) => hit.name);
    const next = harness.discloseRanked(loadout, again);
    for (const name of again.filter((hit) => first.includes(hit))) expect(next).toContain(name);
    expect(next).toContain("create_event");
  });

  it("the Planner gets two full schemas (the best-ranked or latest) and the rest as one-line metadata", () => {
    const ranked = names(evaluation, "Schedule a meeting with Dan next Tuesday at 3pm");
    const loadout = evaluation.discloseRanked([], ranked);
    const view = evaluation.plannerView({ kind: "main" }, loadout);
    expect(view.schemas.map((t) => t.name)).toEqual(ranked.slice(0, 2));
    expect(view.metadata.map((entry) => entry.name)).toEqual(ranked.slice(2));
    expect(view.metadata.every((entry) => !entry.summary.includes("\n"))).toBe(true);
  });
});

// Not ranking rules: the index and table caches (no evaluation set).
describe("the index is built once per catalog", () => {
  it("a language table is named by the code that built it: one written by other code (another version, another branch) is never read", () => {
    const module = path.join(mkdtempSync(path.join(tmpdir(), "mira-source-")), "table.js");
    writeFileSync(module, "export const version = 1;");
    const before = sourceKey(pathToFileURL(module).href);
    writeFileSync(module, "export const version = 2;");
    expect(sourceKey(pathToFileURL(module).href)).not.toBe(before);
    // beforeAll loaded CC-CEDICT from the usual cache directory, under its builder's key.
    const glosses = sourceKey(new URL("../language/glosses.ts", import.meta.url).href);
    expect(readdirSync(cacheDirectory({ ...process.env, MIRA_CACHE_DIR: previousCache }))).toContainEqual(expect.stringMatching(new RegExp(`^cedict-.*-${glosses}\\.tsv$`)));
  });

  it("a second index over the same catalog comes from the disk cache and ranks the same", () => {
    const tools = generatedTools(500, 3);
    const first = indexFor(tools);
    const second = indexFor(tools);
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    const task = "Delete the tmp folder";
    expect(second.index.rank(task, () => true, 10)).toEqual(first.index.rank(task, () => true, 10));
    const changed = indexFor([...tools.slice(1)]);
    expect(changed.cached).toBe(false);
  });

  it("an index cached by other analyser code is never loaded: the key holds the code that builds the index", () => {
    const tools = generatedTools(400, 4);
    const indexed = tools.map(indexedTool);
    // What another version (or a branch that changed the analysis) would have stored for this catalog.
    const stale = ResolutionIndex.build(indexed.slice(0, 250));
    writeCached(`index-${catalogHash(indexed, "other analyser code")}.json`, JSON.stringify(stale.serialize()));
    expect(indexFor(tools).cached).toBe(false);
    expect(readCached(`index-${catalogHash(indexed)}.json`)).toBeDefined();
    expect(indexFor(tools).cached).toBe(true);
  });
});

// Bad input the issue names (no evaluation set).
describe("bad input gets a sensible result", () => {
  it("a 20,000-character request resolves, within the limit", () => {
    const long = `${"please look into the deployment and the logs ".repeat(440)}`.slice(0, 20_000);
    const found = names(mcp, long);
    expect(found.length).toBeLessThanOrEqual(8);
    // One unbroken 20,000-character token is no word and no path: nothing to disclose (its cost is in the bench).
    expect(names(mcp, "x".repeat(20_000))).toEqual([]);
  });

  it("empty descriptions and non-Latin names are indexed without error; a Chinese name is found by itself", () => {
    const blank = tool("blank_tool", "");
    const chinese = tool("查询天气", "查询城市的天气预报");
    const harness = harnessOver([...evaluationCatalog(), blank, chinese]);
    expect(names(harness, "用 查询天气")).toEqual(["查询天气"]);
    expect(names(harness, "明天北京的天气预报")).toContain("查询天气");
    expect(names(harness, "weather forecast")).toContain("查询天气");
  });

  it("10,000 tools resolve within the limit", () => {
    const base = generatedTools(5000, 1);
    const copies = base.map((t) => ({ ...t, name: `${t.name}_v2`, domain: `${t.domain}.v2` }));
    const harness = harnessOver([...base, ...copies]);
    expect(names(harness, "Create a release v1.2.0 with the changelog").length).toBeLessThanOrEqual(8);
  }, 60_000);
});

// Set: gold (the gold tasks are tuning data).
describe("gold-tool reachability", () => {
  it("reaches every gold tool of the fixed task set on the 62-tool catalog in the first disclosure", () => {
    const missed = goldTasks.filter(({ task, gold }) => !names(evaluation, task).includes(gold)).map(({ id }) => id);
    expect(missed).toEqual([]);
  });

  it("among 5,000 generated tools it still reaches all but one (the older miss, a colloquial Chinese request for a pull request)", () => {
    const large = harnessOver(generatedTools(5000, 1));
    const missed = goldTasks.filter(({ task, gold }) => !names(large, task).includes(gold)).map(({ id }) => id);
    expect(missed).toEqual(["pr-zh"]);
  }, 60_000);
});
