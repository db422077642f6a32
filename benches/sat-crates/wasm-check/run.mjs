// node run.mjs FILE.wasm: instantiates the module with no imports it does
// not list, calls check(), prints the result (3 = both formulas right).
import { readFileSync } from "node:fs";
const bytes = readFileSync(process.argv[2]);
const mod = await WebAssembly.compile(bytes);
const imports = {};
for (const imp of WebAssembly.Module.imports(mod)) {
  console.log(`import ${imp.module}.${imp.name} (${imp.kind})`);
  (imports[imp.module] ??= {})[imp.name] = () => { throw new Error(`import ${imp.module}.${imp.name} called`); };
}
const instance = await WebAssembly.instantiate(mod, imports);
try {
  console.log(`check() = ${instance.exports.check()}`);
} catch (e) {
  console.log(`check() failed: ${e}`);
  process.exitCode = 1;
}
