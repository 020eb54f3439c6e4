/**
 * `npm run team-server`: reads the environment (config.ts), starts the server and stops it cleanly on
 * Ctrl-C or SIGTERM. Only wiring: everything else is in start-team-server.ts.
 */
import { readTeamServerConfig } from './config';
import { startTeamServer } from './start-team-server';

const config = readTeamServerConfig(process.env);
const server = await startTeamServer(config);
if (server.bootstrapToken) {
  console.log(`team-server: created the first admin, ${config.bootstrap!.email}, in team "${config.bootstrap!.team}".`);
  console.log(`team-server: their access token (shown once): ${server.bootstrapToken}`);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.log(`team-server: ${signal}, stopping`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
