import { SOFTWARE_SENSES } from "../harness/vocabulary.js";
import { segmentWords } from "../language/segment.js";
for (const key of Object.keys(SOFTWARE_SENSES)) { const w = segmentWords(key); if (w.length !== 1) console.log(key, w); }
