// Runs one SQL statement on a PostgreSQL server with the repository's `pg` package (the Python
// tests create and drop a database of their own this way): node pg_admin.cjs <repo> <url> <sql>
const { createRequire } = require("node:module");
const path = require("node:path");

const [, , repoRoot, url, sql] = process.argv;
const pg = createRequire(path.join(repoRoot, "package.json"))("pg");
const client = new pg.Client({ connectionString: url });
client
  .connect()
  .then(() => client.query(sql))
  .then(() => client.end())
  .catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
