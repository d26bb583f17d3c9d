/**
 * Generated catalogs of any size (500 and 5,000 for the scale measurements): the evaluation
 * catalog plus realistic vendor tools (GitLab merge requests beside GitHub pull requests,
 * Outlook mail beside mail, Jira tickets beside issues...), so near-duplicates of every gold
 * tool compete with it. Deterministic for a given seed. Generated tools are simulated.
 */
import type { CatalogEntry } from "./entry.js";
import { seededRandom } from "../../contract/seededRandom.js";

interface Group {
  domain: string;
  vendors: string[];
  objects: string[];
}

const GROUPS: readonly Group[] = [
  { domain: "code", vendors: ["gitlab", "bitbucket", "gitea", "azure_repos", "codeberg"], objects: ["merge_request", "pull_request", "branch", "release", "pipeline", "commit", "tag", "webhook", "repository"] },
  { domain: "mail", vendors: ["outlook", "gmail", "exchange", "fastmail", "protonmail"], objects: ["message", "folder", "label", "filter", "signature", "contact", "draft"] },
  { domain: "calendar", vendors: ["google_calendar", "outlook_calendar", "caldav", "calendly"], objects: ["event", "calendar", "availability", "reminder", "room", "booking"] },
  { domain: "issues", vendors: ["jira", "linear", "youtrack", "asana", "trello", "clickup"], objects: ["issue", "sprint", "epic", "board", "label", "comment", "project"] },
  { domain: "browser", vendors: ["playwright", "puppeteer", "selenium"], objects: ["page", "tab", "cookie", "element", "download", "session"] },
  { domain: "terminal", vendors: ["docker", "kubectl", "ssh", "systemd"], objects: ["container", "pod", "service", "job", "log", "volume"] },
  { domain: "mcp", vendors: ["sqlite", "postgres", "fetch", "memory", "everything"], objects: ["resource", "prompt", "tool", "subscription"] },
  { domain: "crm", vendors: ["salesforce", "hubspot", "pipedrive", "zoho"], objects: ["contact", "lead", "deal", "account", "opportunity", "note"] },
  { domain: "storage", vendors: ["s3", "gcs", "azure_blob", "dropbox", "box"], objects: ["bucket", "object", "file", "folder", "share_link"] },
  { domain: "chat", vendors: ["slack", "teams", "discord", "mattermost"], objects: ["channel", "message", "thread", "reaction", "user", "reminder"] },
  { domain: "docs", vendors: ["notion", "confluence", "google_docs", "coda"], objects: ["page", "document", "comment", "space", "template", "database"] },
  { domain: "cloud", vendors: ["aws_ec2", "gcp_compute", "azure_vm", "digitalocean"], objects: ["instance", "snapshot", "volume", "firewall", "load_balancer", "key_pair"] },
  { domain: "database", vendors: ["postgres", "mysql", "mongodb", "redis", "bigquery"], objects: ["table", "query", "index", "backup", "collection", "user"] },
];

interface Action {
  verb: string;
  risk: CatalogEntry["risk"];
  /** Description template; `{o}` is the object, `{v}` the vendor's display name. */
  sentence: string;
  params: (object: string) => Record<string, Record<string, unknown>>;
  optional?: string[];
}

const idOf = (object: string) => `${camel(object)}Id`;
const idParam = (object: string) => ({ [idOf(object)]: { type: "string", description: `Id of the ${spaced(object)}.` } });

const ACTIONS: readonly Action[] = [
  { verb: "create", risk: "remote_write", sentence: "Create a {o} in {v}.", params: (o) => ({ name: { type: "string", description: `Name or title of the new ${spaced(o)}.` }, description: { type: "string", description: "Optional longer description." } }), optional: ["description"] },
  { verb: "list", risk: "read", sentence: "List {o}s in {v}, newest first.", params: () => ({ limit: { type: "integer", description: "Most items to return." } }), optional: ["limit"] },
  { verb: "get", risk: "read", sentence: "Get one {o} from {v} with all its fields.", params: idParam },
  { verb: "update", risk: "remote_write", sentence: "Update fields of a {o} in {v}.", params: (o) => ({ ...idParam(o), fields: { type: "object", additionalProperties: { type: "string" }, description: "Field name → new value." } }) },
  { verb: "delete", risk: "remote_write", sentence: "Permanently delete a {o} from {v}.", params: idParam },
  { verb: "search", risk: "read", sentence: "Search {o}s in {v} by keyword.", params: () => ({ query: { type: "string", description: "Search words." } }) },
  { verb: "archive", risk: "remote_write", sentence: "Archive a {o} in {v} so it no longer shows by default.", params: idParam },
  { verb: "export", risk: "read", sentence: "Export a {o} from {v} as JSON or CSV.", params: (o) => ({ ...idParam(o), format: { type: "string", enum: ["json", "csv"], description: "Export format." } }) },
  { verb: "share", risk: "remote_write", sentence: "Share a {o} in {v} with other people.", params: (o) => ({ ...idParam(o), with: { type: "array", items: { type: "string" }, description: "People to share with." } }) },
  { verb: "sync", risk: "remote_write", sentence: "Synchronize {o}s between {v} and the local cache.", params: () => ({}) },
  { verb: "watch", risk: "read", sentence: "Subscribe to change notifications for a {o} in {v}.", params: idParam },
  { verb: "restore", risk: "remote_write", sentence: "Restore a deleted or archived {o} in {v}.", params: idParam },
  { verb: "clone", risk: "remote_write", sentence: "Duplicate a {o} in {v}.", params: idParam },
  { verb: "batch_update", risk: "remote_write", sentence: "Update many {o}s in {v} at once.", params: () => ({ ids: { type: "array", items: { type: "string" }, description: "Ids to update." }, fields: { type: "object", additionalProperties: { type: "string" }, description: "Field name → new value." } }) },
];

const spaced = (identifier: string) => identifier.replace(/_/g, " ");
const camel = (identifier: string) => identifier.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const display = (vendor: string) => vendor.split("_").map((part) => (part.length <= 3 ? part.toUpperCase() : part[0]!.toUpperCase() + part.slice(1))).join(" ");


function vendorTool(group: Group, vendor: string, action: Action, object: string): CatalogEntry {
  const properties = action.params(object);
  return {
    name: `${vendor}_${action.verb}_${object}`,
    domain: `${group.domain}.${vendor}`,
    risk: action.risk,
    description: action.sentence.replace("{o}", spaced(object)).replace("{v}", display(vendor)),
    inputSchema: {
      type: "object",
      properties,
      required: Object.keys(properties).filter((key) => !(action.optional ?? []).includes(key)),
      additionalProperties: false,
    },
  };
}

/** Every vendor tool the generator can make, built on first use (not when a catalog module is imported). */
let vendorTools: CatalogEntry[] | undefined;
const allVendorTools = (): CatalogEntry[] =>
  (vendorTools ??= GROUPS.flatMap((group) =>
    group.vendors.flatMap((vendor) => ACTIONS.flatMap((action) => group.objects.map((object) => vendorTool(group, vendor, action, object)))),
  ));

/**
 * `base` (kept whole, in order) followed by seeded-random vendor tools up to `size` entries.
 * Throws RangeError when `size` is below the base or above what the generator can make.
 */
export function generateCatalogFrom(base: readonly CatalogEntry[], size: number, seed: number): CatalogEntry[] {
  const wanted = size - base.length;
  if (wanted < 0 || wanted > allVendorTools().length) {
    throw new RangeError(`catalog size must be between ${base.length} and ${base.length + allVendorTools().length}, got ${size}`);
  }
  const next = seededRandom(seed);
  const pool = [...allVendorTools()];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return [...base, ...pool.slice(0, wanted)];
}
