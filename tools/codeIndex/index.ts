/** The code index tool (CONTRACT §7): `codebase_explore` and the candidate shape it returns. */
export { codebaseExploreTool } from "./tool.js";
export type { Candidate, CandidateRole } from "./queries.js";
