/**
 * Whether this process drove a graph, for the code cache's loader (cli/codeCache.ts), which
 * keeps the code a process compiled only once a process has run a step. A module of its own:
 * the entry re-exports it without loading LangGraph.
 */
let drove = false;

export const markDriven = (): void => {
  drove = true;
};

export const droveGraph = (): boolean => drove;
