/**
 * Runs a command and turns failures into a one-line message and an exit code: 2 for a bad
 * configuration (the user's to fix), 1 for anything else. Stack traces only with DEBUG set.
 */
export async function runCommand(action: () => Promise<unknown>): Promise<void> {
  exitQuietlyWhenReaderLeaves();
  try {
    await action();
  } catch (error) {
    // The server's ConfigError, known by its name: importing the class would load the server.
    if (error instanceof Error && error.name === "ConfigError") {
      console.error(error.message);
      process.exit(2);
    }
    console.error(`assay: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
    process.exit(1);
  }
}

/**
 * `assay results <id> | head`: once the reader has gone, writing on gets EPIPE. Stop there,
 * quietly and successfully (what was wanted has been read), instead of a stack trace.
 */
function exitQuietlyWhenReaderLeaves(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(0);
      throw error;
    });
  }
}
