// Node's flags for the test processes that run the embedded database (decision 0071): vitest's workers and
// the sites the tests start. PGlite is PostgreSQL compiled to WebAssembly, and V8 compiles its hot
// functions a second time, optimised, in the background; a test process ends before that pays back (a
// fresh PGlite answered 3,000 queries in 591 ms with the baseline compiler alone, 908 ms with both).
export const TEST_NODE_FLAGS = ['--liftoff-only'];
