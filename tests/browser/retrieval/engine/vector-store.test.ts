import { vectorStoreSuite } from '../../../unit/retrieval/engine/vector-store-cases';

// Chromium's WebAssembly SIMD.
vectorStoreSuite();
