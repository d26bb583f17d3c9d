/**
 * The evaluation catalog's 50 non-workspace tools, in catalog-file form: terminal, git,
 * GitHub, mail, browser, calendar, issue tracker and MCP. Their backends are simulated
 * (see simulated.ts); their names, descriptions, schemas and risk classes are realistic so
 * resolution and prompt-size measurements mean something.
 */
import type { CatalogEntry } from "./entry.js";

type Property = Record<string, unknown>;

const text = (description: string): Property => ({ type: "string", description });
const integer = (description: string): Property => ({ type: "integer", description });
const flag = (description: string): Property => ({ type: "boolean", description });
const texts = (description: string): Property => ({ type: "array", items: { type: "string" }, description });
const choice = (values: string[], description: string): Property => ({ type: "string", enum: values, description });
const dateTime = (description: string): Property => ({ type: "string", format: "date-time", description });

/** An object schema; every property is required unless listed in `optional`. */
const input = (properties: Record<string, Property>, optional: string[] = []): Record<string, unknown> => ({
  type: "object",
  properties,
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
  additionalProperties: false,
});

const tool = (name: string, domain: string, risk: CatalogEntry["risk"], description: string, inputSchema: Record<string, unknown>): CatalogEntry => ({
  name,
  domain,
  risk,
  description,
  inputSchema,
});

const repository = text("GitHub repository as owner/name.");
const prNumber = integer("Pull request number.");
const eventId = text("Calendar event id, as returned by list_events.");
const issueId = text("Issue key, e.g. PROJ-123.");
const messageId = text("Message id, as returned by list_inbox or search_mail.");
const server = text("Configured MCP server id.");
const selector = text("CSS selector or the element's visible text.");

export const simulatedEntries: readonly CatalogEntry[] = [
  // terminal
  tool("run_tests", "terminal", "terminal", "Run the project's test suite, or one test file, and report passed and failed tests.", input({ path: text("Test file or directory; the whole suite when omitted."), filter: text("Only run tests whose name contains this text.") }, ["path", "filter"])),
  tool("run_linter", "terminal", "terminal", "Run the linter over the workspace or a path and report style and static-analysis problems.", input({ path: text("File or directory to lint; the whole workspace when omitted."), fix: flag("Apply automatic fixes.") }, ["path", "fix"])),
  tool("list_processes", "terminal", "read", "List running processes with their pid, command line, CPU and memory use.", input({ filter: text("Only processes whose command contains this text."), sortBy: choice(["cpu", "memory", "pid"], "Sort order.") }, ["filter", "sortBy"])),
  tool("kill_process", "terminal", "terminal", "Stop a running process by pid.", input({ pid: integer("Process id."), signal: choice(["TERM", "KILL", "INT"], "Signal to send; TERM when omitted.") }, ["signal"])),
  // git
  tool("git_status", "code.git", "read", "Show the working tree status: staged, unstaged and untracked files on the current branch.", input({ path: text("Limit to this path.") }, ["path"])),
  tool("git_diff", "code.git", "read", "Show the diff of uncommitted changes, or the changes between two revisions.", input({ from: text("Base revision; the index when omitted."), to: text("Target revision; the working tree when omitted."), path: text("Limit to this path.") }, ["from", "to", "path"])),
  tool("git_log", "code.git", "read", "Show recent commit history with hashes, authors, dates and messages.", input({ maxCount: integer("Most commits to show."), path: text("Only commits touching this path.") }, ["maxCount", "path"])),
  tool("git_commit", "code.git", "file_write", "Record the staged changes as a new commit with a message.", input({ message: text("Commit message."), all: flag("Stage all tracked modified files first.") }, ["all"])),
  tool("git_push", "code.git", "remote_write", "Push a local branch to the remote repository.", input({ branch: text("Local branch to push."), remote: text("Remote name; origin when omitted."), setUpstream: flag("Set the pushed branch as upstream.") }, ["remote", "setUpstream"])),
  tool("git_create_branch", "code.git", "file_write", "Create a new local branch from a base revision and switch to it.", input({ name: text("New branch name."), from: text("Base revision; the current HEAD when omitted.") }, ["from"])),
  // GitHub
  tool("create_pull_request", "code.github", "remote_write", "Open a GitHub pull request from a head branch into a base branch so teammates can review the changes.", input({ repository, base: text("Branch to merge into, e.g. main."), head: text("Branch with the changes."), title: text("Pull request title."), body: text("Description of the changes."), draft: flag("Open as a draft.") }, ["body", "draft"])),
  tool("list_pull_requests", "code.github", "read", "List pull requests in a GitHub repository, filtered by state or author.", input({ repository, state: choice(["open", "closed", "all"], "Which pull requests."), author: text("Only pull requests by this login.") }, ["state", "author"])),
  tool("get_pull_request", "code.github", "read", "Get one pull request's details: description, status checks, reviews and changed files.", input({ repository, number: prNumber })),
  tool("merge_pull_request", "code.github", "remote_write", "Merge an approved pull request into its base branch.", input({ repository, number: prNumber, method: choice(["merge", "squash", "rebase"], "Merge method.") }, ["method"])),
  tool("comment_on_pull_request", "code.github", "remote_write", "Add a review comment to a pull request.", input({ repository, number: prNumber, body: text("Comment text (Markdown).") })),
  tool("request_review", "code.github", "remote_write", "Ask specific people to review a pull request.", input({ repository, number: prNumber, reviewers: texts("GitHub logins to request a review from.") })),
  tool("list_ci_runs", "code.github", "read", "List recent CI workflow runs for a branch with their pass or fail status.", input({ repository, branch: text("Branch; the default branch when omitted.") }, ["branch"])),
  tool("create_release", "code.github", "remote_write", "Publish a GitHub release for a tag with release notes.", input({ repository, tag: text("Tag to release, e.g. v1.2.0."), notes: text("Release notes (Markdown).") }, ["notes"])),
  // mail
  tool("send_mail", "mail", "mail_send", "Send an email to one or more recipients.", input({ to: texts("Recipient addresses."), subject: text("Subject line."), body: text("Plain-text body."), cc: texts("Copy recipients.") }, ["cc"])),
  tool("list_inbox", "mail", "read", "List recent messages in the inbox with sender, subject and date.", input({ maxResults: integer("Most messages to list."), unreadOnly: flag("Only unread messages.") }, ["maxResults", "unreadOnly"])),
  tool("read_mail", "mail", "read", "Read the full text of one email message.", input({ messageId })),
  tool("search_mail", "mail", "read", "Search mailbox messages by sender, subject or words in the body.", input({ query: text("Search words, or from:/subject: filters."), maxResults: integer("Most messages to return.") }, ["maxResults"])),
  tool("reply_mail", "mail", "mail_send", "Reply to an email message, keeping the thread.", input({ messageId, body: text("Reply text."), replyAll: flag("Reply to all recipients.") }, ["replyAll"])),
  tool("draft_mail", "mail", "remote_write", "Save an email draft without sending it.", input({ to: texts("Recipient addresses."), subject: text("Subject line."), body: text("Plain-text body.") })),
  tool("sync_mailbox", "mail", "mail_send", "Force a full synchronization of the mailbox with the mail server.", input({ folder: text("Folder to synchronize; all folders when omitted.") }, ["folder"])),
  // browser
  tool("browser_open", "browser", "network", "Open a URL in the browser and return the page title and main text.", input({ url: text("Absolute http(s) URL.") })),
  tool("browser_read_page", "browser", "read", "Read the text of the page currently open in the browser, or of one element.", input({ selector: text("CSS selector to read; the whole page when omitted.") }, ["selector"])),
  tool("browser_screenshot", "browser", "read", "Take a screenshot of the current browser page.", input({ fullPage: flag("Capture the whole scrollable page.") }, ["fullPage"])),
  tool("browser_click", "browser", "browser_input", "Click a button or link on the current page.", input({ target: selector })),
  tool("browser_type", "browser", "browser_input", "Type text into an input field on the current page.", input({ target: selector, text: text("Text to type.") })),
  tool("browser_submit_form", "browser", "browser_input", "Submit a form on the current page.", input({ target: selector })),
  tool("web_search", "browser", "network", "Search the web and return the top result titles, URLs and snippets.", input({ query: text("Search query."), maxResults: integer("Most results to return.") }, ["maxResults"])),
  // calendar
  tool("list_events", "calendar", "read", "List calendar events in a date range.", input({ from: dateTime("Range start."), to: dateTime("Range end.") })),
  tool("create_event", "calendar", "remote_write", "Create a calendar event or meeting and invite attendees.", input({ title: text("Event title."), start: dateTime("Start time."), end: dateTime("End time."), attendees: texts("Attendee email addresses.") }, ["attendees"])),
  tool("update_event", "calendar", "remote_write", "Change an existing calendar event's time, title or attendees.", input({ eventId, start: dateTime("New start time."), end: dateTime("New end time."), title: text("New title.") }, ["start", "end", "title"])),
  tool("cancel_event", "calendar", "remote_write", "Cancel a calendar event and notify its attendees.", input({ eventId, message: text("Note sent to the attendees.") }, ["message"])),
  tool("find_free_time", "calendar", "read", "Find time slots when all the given people are free.", input({ attendees: texts("People's email addresses."), durationMinutes: integer("Slot length in minutes."), within: text("Search window, e.g. 'this week'.") })),
  tool("respond_to_invite", "calendar", "remote_write", "Accept, decline or tentatively accept a meeting invitation.", input({ eventId, response: choice(["accept", "decline", "tentative"], "The answer.") })),
  // issue tracker
  tool("create_issue", "issues", "remote_write", "File a new issue in the issue tracker with a title, description and labels.", input({ project: text("Project key, e.g. PROJ."), title: text("Issue title."), description: text("What happened and what was expected."), labels: texts("Labels to add.") }, ["labels"])),
  tool("search_issues", "issues", "read", "Search issues in the tracker by text, status, label or assignee.", input({ query: text("Search text."), status: choice(["open", "in_progress", "closed"], "Only issues in this status.") }, ["status"])),
  tool("get_issue", "issues", "read", "Get one issue with its description, status, assignee and comments.", input({ issueId })),
  tool("update_issue", "issues", "remote_write", "Change an issue's title, description, labels or priority.", input({ issueId, title: text("New title."), description: text("New description."), priority: choice(["low", "medium", "high"], "New priority.") }, ["title", "description", "priority"])),
  tool("comment_on_issue", "issues", "remote_write", "Add a comment to an issue.", input({ issueId, body: text("Comment text.") })),
  tool("assign_issue", "issues", "remote_write", "Assign an issue to a person.", input({ issueId, assignee: text("Assignee's user name.") })),
  tool("close_issue", "issues", "remote_write", "Close an issue as done or won't fix.", input({ issueId, resolution: choice(["done", "wont_fix", "duplicate"], "Why it is closed.") })),
  // MCP
  tool("mcp_list_servers", "mcp", "read", "List the configured MCP servers and whether each is connected.", input({})),
  tool("mcp_list_resources", "mcp", "external_mcp", "List the resources an MCP server exposes.", input({ server })),
  tool("mcp_read_resource", "mcp", "external_mcp", "Read one resource from an MCP server by URI.", input({ server, uri: text("Resource URI.") })),
  tool("mcp_list_prompts", "mcp", "external_mcp", "List the prompt templates an MCP server offers.", input({ server })),
  tool("mcp_get_prompt", "mcp", "external_mcp", "Fetch a prompt template from an MCP server, filled with arguments.", input({ server, name: text("Prompt name."), arguments: { type: "object", additionalProperties: { type: "string" }, description: "Prompt arguments." } }, ["arguments"])),
];
