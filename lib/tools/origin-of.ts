/** The origin of a document URL, or the URL itself where it has none (so two such pages never share a key). */
export function originOf(url: string): string {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? url : origin;
  } catch (error) {
    void error; // not a URL: the raw string is still a stable, distinct key
    return url;
  }
}
