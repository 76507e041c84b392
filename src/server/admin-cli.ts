// The admin accounts' command line (`npm run admin -- …`; modules/admin/cli.ts says what it does).
import { runAdminCli } from './modules/admin/cli';

runAdminCli(process.argv.slice(2), process.env, { log: (l) => console.log(l), error: (l) => console.error(l) }).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
