import { vectorStoreSuite } from '../../unit/retrieval/vector-store-cases';

// Chromium's WebAssembly SIMD.
vectorStoreSuite();
