import pg from "pg";

/**
 * A fresh, empty database on the PostgreSQL server of `serverUrl`, for one benchmark run: dropped and created
 * again (the server migrates and seeds it on start), and dropped when the run ends.
 */
export async function freshPostgresDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; label: string; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    label: `${url.hostname}:${url.port || 5432}/${name}`,
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
