import { vectorStoreSuite } from './vector-store-cases';

// Node's V8 has WebAssembly SIMD: these run the kernel for real.
vectorStoreSuite();
