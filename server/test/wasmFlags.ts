/**
 * V8's flag for the test processes' WebAssembly (PGlite): the baseline compiler only, no optimising tier
 * (server/test/setup.ts says why). Given to every Node process a test spawns, as an argument before the
 * script: NODE_OPTIONS does not take V8 flags.
 */
export const TEST_WASM_FLAGS = '--liftoff-only';
