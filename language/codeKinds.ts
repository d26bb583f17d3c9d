/**
 * The languages and kinds of file a request names ("our Rust code", "the Python files", "YAML
 * 配置"), as the extensions their files have: a question of "our Rust code" is asked of every
 * `.rs` file, wherever they are (round 35).
 */
const KINDS: Array<[RegExp, string[]]> = [
  [/\brust\b/iu, ["rs"]],
  [/\bpython\b/iu, ["py"]],
  [/\bgolang\b|\bgo\s+(?:code|files?|sources?)\b/iu, ["go"]],
  [/\btypescript\b/iu, ["ts", "tsx", "mts", "cts"]],
  [/\bjavascript\b/iu, ["js", "jsx", "mjs", "cjs"]],
  [/\bjava\b(?!\s*script)/iu, ["java"]],
  [/\bkotlin\b/iu, ["kt", "kts"]],
  [/\bruby\b/iu, ["rb"]],
  [/\bphp\b/iu, ["php"]],
  [/\bswift\b/iu, ["swift"]],
  [/\bc\+\+|\bcpp\b/iu, ["cpp", "cc", "cxx", "hpp", "hh", "h"]],
  [/\b(?:shell|bash)\s+(?:scripts?|code|files?)\b|shell\s*脚本/iu, ["sh", "bash"]],
  [/\bya?ml\b/iu, ["yml", "yaml"]],
  [/\bmarkdown\b/iu, ["md", "markdown"]],
];

/** What follows a language's name when the request means its files ("Rust code", "Python 文件"), not a package or a tool ("rust crate"). */
const CODE_NOUN = /^\s*(?:code|codebase|files?|sources?|source\s+files?|scripts?|modules?|代码|源码|文件|脚本)/iu;

/** The extensions of the one kind of file a request names as its files, or undefined (none, or several). */
export function namedKind(request: string): string[] | undefined {
  const found = KINDS.filter(([re]) => [...request.matchAll(new RegExp(re.source, "giu"))].some((m) => CODE_NOUN.test(request.slice(m.index + m[0].length)) || /(?:code|files?|scripts?)$/iu.test(m[0])));
  return found.length === 1 ? found[0]![1] : undefined;
}

/** Whether a request asks if something is there at all ("anywhere", "any", 有没有, 是否, 有…吗). */
const PRESENCE = /\b(?:any|anywhere)\b|有没有|是否|有[^。？?，,]*吗/iu;

/**
 * For a request asking whether one kind of file holds something, the deepest folder holding every
 * file of the kind (`src` for all `.rs` under it), or undefined when there are none or they lie at the root.
 */
export function kindScope(request: string, files: Iterable<string>): string | undefined {
  const exts = PRESENCE.test(request) ? namedKind(request) : undefined;
  if (!exts) return undefined;
  const dirs = [...files].filter((f) => exts.includes(f.slice(f.lastIndexOf(".") + 1).toLowerCase()) && f.includes(".")).map((f) => (f.includes("/") ? f.slice(0, f.lastIndexOf("/")) : "."));
  if (!dirs.length) return undefined;
  let common = dirs[0]!.split("/");
  for (const d of dirs.slice(1)) {
    const parts = d.split("/");
    let i = 0;
    while (i < common.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  const scope = common.join("/");
  return scope && scope !== "." ? scope : undefined;
}
