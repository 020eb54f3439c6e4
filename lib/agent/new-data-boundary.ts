/** A fresh boundary for one run's untrusted-data blocks: 128 random bits from `random`, as hex. */
export function newDataBoundary(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return Array.from(random(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
