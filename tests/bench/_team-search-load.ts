/**
 * The team bench's search load in a process of its own: the 10 users' requests and the reading of the answers run
 * beside the server, as clients on other machines would, not in the event loop the server answers on.
 */
import { measureSearch, type BenchUser } from './_team-world';

process.once('message', async (m) => {
  const { url, users, queries } = m as { url: string; users: BenchUser[]; queries: number };
  process.send!(await measureSearch(url, users, queries));
});
