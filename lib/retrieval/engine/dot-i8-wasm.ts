/**
 * A hand-assembled WebAssembly SIMD kernel for the int8 vector scan, emitted from bytes here so no
 * toolchain or dependency is needed. Source, in WAT:
 *
 *   (module
 *     (import "m" "mem" (memory 1))
 *     ;; For each of `rows` rows of `dims` int8 codes (dims % 16 == 0, rows contiguous from `codes`),
 *     ;; stores the i32 dot product with the `dims` int8 codes at `q` into out[row].
 *     (func (export "scan") (param $codes i32) (param $rows i32) (param $dims i32) (param $q i32) (param $out i32)
 *       (local $d i32) (local $acc v128) (local $a v128) (local $b v128)
 *       (block $done
 *         (br_if $done (i32.eqz (local.get $rows)))
 *         (br_if $done (i32.eqz (local.get $dims)))
 *         (loop $row
 *           (local.set $acc (v128.const i32x4 0 0 0 0))
 *           (local.set $d (i32.const 0))
 *           (loop $col
 *             (local.set $a (v128.load (local.get $codes)))
 *             (local.set $b (v128.load (i32.add (local.get $q) (local.get $d))))
 *             (local.set $acc (i32x4.add (local.get $acc) (i32x4.add
 *               (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $a)) (i16x8.extend_low_i8x16_s (local.get $b)))
 *               (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $a)) (i16x8.extend_high_i8x16_s (local.get $b))))))
 *             (local.set $codes (i32.add (local.get $codes) (i32.const 16)))
 *             (br_if $col (i32.lt_u (local.tee $d (i32.add (local.get $d) (i32.const 16))) (local.get $dims))))
 *           (i32.store (local.get $out) (i32.add (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
 *                                                (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
 *           (local.set $out (i32.add (local.get $out) (i32.const 4)))
 *           (br_if $row (local.tee $rows (i32.sub (local.get $rows) (i32.const 1))))))))
 *
 * The emitted instruction order below is the flat (stack) form of the same code.
 */

/** Byte alignment the kernel requires of `dims` (one v128 lane group). */
export const DOT_I8_LANES = 16;

/** The `scan` export of an instantiated kernel. */
export type DotI8Scan = (codesPtr: number, rows: number, dims: number, queryPtr: number, outPtr: number) => void;

const I32 = 0x7f;
const V128 = 0x7b;

// Core opcodes.
const BLOCK = 0x02;
const LOOP = 0x03;
const VOID = 0x40;
const END = 0x0b;
const BR_IF = 0x0d;
const LOCAL_GET = 0x20;
const LOCAL_SET = 0x21;
const LOCAL_TEE = 0x22;
const I32_STORE = 0x36;
const I32_CONST = 0x41;
const I32_EQZ = 0x45;
const I32_LT_U = 0x49;
const I32_ADD = 0x6a;
const I32_SUB = 0x6b;

// SIMD opcodes (0xfd prefix, LEB128 sub-opcode).
const SIMD = 0xfd;
const V128_LOAD = 0x00;
const V128_CONST = 0x0c;
const I32X4_EXTRACT_LANE = 0x1b;
const I16X8_EXTEND_LOW_I8X16_S = 0x87;
const I16X8_EXTEND_HIGH_I8X16_S = 0x88;
const I32X4_ADD = 0xae;
const I32X4_DOT_I16X8_S = 0xba;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

/** Signed LEB128, for the small non-negative i32.const immediates used here. */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const simd = (op: number, ...imm: number[]): number[] => [SIMD, ...uleb(op), ...imm];
const get = (i: number): number[] => [LOCAL_GET, ...uleb(i)];
const set = (i: number): number[] => [LOCAL_SET, ...uleb(i)];
const tee = (i: number): number[] => [LOCAL_TEE, ...uleb(i)];
const i32c = (n: number): number[] => [I32_CONST, ...sleb(n)];

/** Builds the kernel module's bytes. */
export function dotI8ModuleBytes(): Uint8Array<ArrayBuffer> {
  // Locals: params 0..4, then $d, $acc, $a, $b.
  const [codes, rows, dims, q, out, d, acc, a, b] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const lane = (i: number) => [...get(acc), ...simd(I32X4_EXTRACT_LANE, i)];
  const code = [
    BLOCK, VOID,
    ...get(rows), I32_EQZ, BR_IF, 0,
    ...get(dims), I32_EQZ, BR_IF, 0,
    LOOP, VOID,
    ...simd(V128_CONST, ...new Array<number>(16).fill(0)), ...set(acc),
    ...i32c(0), ...set(d),
    LOOP, VOID,
    ...get(codes), ...simd(V128_LOAD, 0, 0), ...tee(a),
    ...simd(I16X8_EXTEND_LOW_I8X16_S),
    ...get(q), ...get(d), I32_ADD, ...simd(V128_LOAD, 0, 0), ...tee(b),
    ...simd(I16X8_EXTEND_LOW_I8X16_S),
    ...simd(I32X4_DOT_I16X8_S),
    ...get(a), ...simd(I16X8_EXTEND_HIGH_I8X16_S),
    ...get(b), ...simd(I16X8_EXTEND_HIGH_I8X16_S),
    ...simd(I32X4_DOT_I16X8_S),
    ...simd(I32X4_ADD),
    ...get(acc), ...simd(I32X4_ADD), ...set(acc),
    ...get(codes), ...i32c(16), I32_ADD, ...set(codes),
    ...get(d), ...i32c(16), I32_ADD, ...tee(d),
    ...get(dims), I32_LT_U, BR_IF, 0,
    END,
    ...get(out),
    ...lane(0), ...lane(1), I32_ADD,
    ...lane(2), ...lane(3), I32_ADD,
    I32_ADD,
    I32_STORE, 2, 0,
    ...get(out), ...i32c(4), I32_ADD, ...set(out),
    ...get(rows), ...i32c(1), I32_SUB, ...tee(rows),
    BR_IF, 0,
    END,
    END,
    END,
  ]; // prettier-ignore
  const locals = vec([
    [...uleb(1), I32],
    [...uleb(3), V128],
  ]);
  const body = [...locals, ...code];
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), ...vec([])]])),
    ...section(2, vec([[...name('m'), ...name('mem'), 0x02, 0x00, ...uleb(1)]])),
    ...section(3, vec([uleb(0)])),
    ...section(7, vec([[...name('scan'), 0x00, ...uleb(0)]])),
    ...section(10, vec([[...uleb(body.length), ...body]])),
  ]; // prettier-ignore
  return new Uint8Array(bytes);
}

let cached: WebAssembly.Module | null | undefined;

/**
 * The compiled kernel, or null when this engine lacks WebAssembly SIMD (the module fails to
 * validate) or forbids compiling WebAssembly (e.g. a CSP without 'wasm-unsafe-eval').
 */
export function dotI8Module(): WebAssembly.Module | null {
  if (cached !== undefined) return cached;
  cached = null;
  try {
    if (typeof WebAssembly === 'object') {
      const bytes = dotI8ModuleBytes();
      if (WebAssembly.validate(bytes)) cached = new WebAssembly.Module(bytes);
    }
  } catch {
    cached = null;
  }
  return cached;
}

/** Instantiates the kernel over `memory`, or returns null when it is unavailable. */
export function instantiateDotI8(memory: WebAssembly.Memory): DotI8Scan | null {
  const module = dotI8Module();
  if (!module) return null;
  try {
    const instance = new WebAssembly.Instance(module, { m: { mem: memory } });
    return instance.exports.scan as DotI8Scan;
  } catch {
    return null;
  }
}
