// Shared by tests/pyodide/run.mjs and bench/pyodide_run.mjs: start Pyodide in Node.js with the
// repository mounted, and run a Python file as __main__, returning its exit code.
// Uses node_modules/pyodide (not web/vendor/) so it works right after `npm ci`.
import { realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

export const REPO = realpathSync(join(dirname(fileURLToPath(import.meta.url)), "..", ".."));
export const REPO_MOUNT = "/repo";
// Anything outside the repository is reached as /host/<absolute host path>; mounted lazily.
const HOST_MOUNT = "/host";

export async function startPyodide() {
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL: join(REPO, "node_modules", "pyodide") + sep });
  // Pass Python's bytes straight through (the default re-batches them into console.log lines).
  // Copy the buffer: it is a view into wasm memory that Pyodide reuses.
  const writer = (stream) => ({
    write: (buffer) => {
      stream.write(Buffer.from(buffer));
      return buffer.length;
    },
  });
  pyodide.setStdout(writer(process.stdout));
  pyodide.setStderr(writer(process.stderr));
  pyodide.mountNodeFS(REPO_MOUNT, REPO);
  pyodide.runPython(`import os, sys; sys.path.insert(0, "${REPO_MOUNT}"); os.chdir("${REPO_MOUNT}")`);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  // Diagnostics go to stderr only, so callers can parse the script's stdout.
  console.error(`[pyodide ${pyodide.version}] loaded in ${seconds} s, ${REPO} at ${REPO_MOUNT}`);
  return pyodide;
}

let hostMounted = false;

// Map a host path to the path Python sees. Resolves symlinks first: NODEFS would
// otherwise follow an absolute link target inside the Pyodide file system.
export function toPyodidePath(pyodide, hostPath) {
  const real = realpathSync(hostPath);
  const rel = relative(REPO, real);
  if (!isAbsolute(rel) && rel !== ".." && !rel.startsWith(".." + sep)) {
    return [REPO_MOUNT, ...rel.split(sep)].filter(Boolean).join("/");
  }
  if (!hostMounted) {
    // One mount of the host root covers every outside path (nested mounts would clash).
    pyodide.mountNodeFS(HOST_MOUNT, "/");
    hostMounted = true;
  }
  return HOST_MOUNT + real;
}

// Like `python <script> args...` run from `cwd` (Pyodide paths): sets sys.argv, puts the
// script's folder first on sys.path, honours SystemExit, prints an uncaught traceback.
// Not runpy.run_path: it would overwrite sys.argv[0] with the Pyodide path.
const RUN_MAIN = `
import builtins, os, sys, traceback, types

def run_main(script, argv, cwd):
    os.chdir(cwd)
    sys.argv = list(argv)
    sys.path.insert(0, os.path.dirname(script))
    main = types.ModuleType("__main__")
    main.__file__ = script
    main.__builtins__ = builtins
    sys.modules["__main__"] = main
    try:
        with open(script, "rb") as file:  # bytes: compile() honours a coding cookie
            code = compile(file.read(), script, "exec")
        exec(code, main.__dict__)
        return 0
    except SystemExit as exit:
        if exit.code is None or isinstance(exit.code, int):
            return exit.code or 0
        print(exit.code, file=sys.stderr)
        return 1
    except BaseException as error:
        # Start the traceback in the script, as CPython does (hide this function's frame).
        traceback.print_exception(type(error), error, error.__traceback__.tb_next)
        return 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
`;

export function runMain(pyodide, script, argv, cwd = REPO_MOUNT) {
  const scope = pyodide.toPy({});
  try {
    pyodide.runPython(RUN_MAIN, { globals: scope });
    const code = scope.get("run_main")(script, pyodide.toPy(argv), cwd);
    return code & 0xff; // like a POSIX exit status
  } finally {
    scope.destroy();
  }
}
