import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/** A small file system of its own (tmpfs), to run out of space for real. */
export interface TinyDisk {
  dir: string;
  /** Fills what is left with a file, until the file system answers ENOSPC. */
  fill(): void;
  /** Removes that file. */
  free(): void;
  unmount(): void;
}

/**
 * Mounts a tmpfs of `size` (`mount -t tmpfs -o size=…`) at `dir`; undefined where this process
 * may not mount (not root, no tmpfs), and the tests that need a real full disk are skipped.
 */
export function mountTinyDisk(dir: string, size: string): TinyDisk | undefined {
  if (process.getuid?.() !== 0) return undefined;
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "ignore" });
  } catch {
    return undefined;
  }
  const filler = join(dir, "filler");
  return {
    dir,
    fill() {
      const fd = openSync(filler, "a");
      const chunk = Buffer.alloc(4096, 0x61);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    unmount: () => execFileSync("umount", ["-l", dir], { stdio: "ignore" }),
  };
}
