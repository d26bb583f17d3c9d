import { inDictionary, glossesOf } from "../language/glosses.js";
for (const k of ["工单", "合并请求", "拉取请求", "命名空间", "在哪", "哪儿", "哪里"]) console.log(k, inDictionary(k), glossesOf(k).join("|"));
