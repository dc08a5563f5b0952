// Compiles TestToken.sol with solc-js from npm (no compiler download) and writes its ABI and bytecode next to
// it. Run after changing the contract: node apps/api/scripts/compile-test-token.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const solc = createRequire(import.meta.url)('solc');
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules/chain/evm');
const input = {
  language: 'Solidity',
  sources: { 'TestToken.sol': { content: readFileSync(path.join(dir, 'TestToken.sol'), 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'cancun',
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
  console.error(errors.map((e) => e.formattedMessage).join('\n'));
  process.exit(1);
}
const contract = output.contracts['TestToken.sol'].TestToken;
const artifact = {
  compiler: `solc-js ${solc.version()}`,
  abi: contract.abi,
  bytecode: `0x${contract.evm.bytecode.object}`,
};
writeFileSync(path.join(dir, 'test-token.json'), `${JSON.stringify(artifact, null, 2)}\n`);
console.log(`test-token.json written (${artifact.bytecode.length / 2 - 1} bytes of bytecode)`);
