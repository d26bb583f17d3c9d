import { runOfflineBench } from "./bench/offlineTasks/run.js";
console.log(await runOfflineBench());
