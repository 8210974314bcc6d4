// What a memory snapshot froze of the machine that made it (scripts/snapshot.mjs), set again
// from this browser right after web/start/pyodide.mjs restores it, as a cold start here would
// have it: the C library's time zone and the `time` module's view of it, the environment and
// the locale Python sets from it, and `random`'s seed; and the folders just written made new
// to the import system.

/** The environment a cold start here gets, as Emscripten gives it to the C library (LANG
 * from navigator.language, the program's name, Pyodide's HOME): asked of the same functions. */
function browserEnvironment(M) {
  const sizes = M._malloc(8);
  try {
    M._environ_sizes_get(sizes, sizes + 4);
    const [count, bytes] = [M.HEAPU32[sizes >> 2], M.HEAPU32[(sizes >> 2) + 1]];
    const pointers = M._malloc(4 * count + bytes);
    try {
      M._environ_get(pointers, pointers + 4 * count);
      const env = {};
      for (let i = 0; i < count; i++) {
        const line = M.UTF8ToString(M.HEAPU32[(pointers >> 2) + i]);
        env[line.slice(0, line.indexOf("="))] = line.slice(line.indexOf("=") + 1);
      }
      return env;
    } finally {
      M._free(pointers);
    }
  } finally {
    M._free(sizes);
  }
}

/** Set again what the snapshot froze of the machine that made it, as a cold start here
 * would have it: the C library's time zone and the `time` module's view of it, the
 * environment and the locale Python sets from it, and `random`'s seed. */
export function refresh(pyodide) {
  const M = pyodide._module;
  const names = M.HEAPU32[M._tzname >> 2];
  const dstNames = M.HEAPU32[(M._tzname >> 2) + 1];
  M.__tzset_js(M._timezone, M._daylight, names, dstNames); // tzset() runs once per process
  const scope = pyodide.toPy({ env: browserEnvironment(M) });
  try {
    pyodide.runPython(
      `
import _locale, importlib, importlib.machinery, importlib.util, os, random, sys, time
os.environ.update(env)
_locale.setlocale(_locale.LC_CTYPE, "")  # as Python's start-up does, from LANG
spec = importlib.machinery.BuiltinImporter.find_spec("time")
fresh = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fresh)  # reads the time zone the C library now has
for key in ("timezone", "altzone", "daylight", "tzname"):
    setattr(time, key, getattr(fresh, key))
random.seed()
# the folders just written are new to the import system: their finders forget what they
# listed (not importlib.invalidate_caches(), which imports importlib.metadata: 0.4-1.7 s)
for finder in list(sys.path_importer_cache.values()):
    if isinstance(finder, importlib.machinery.FileFinder):
        finder.invalidate_caches()
`,
      { globals: scope },
    );
  } finally {
    scope.destroy();
  }
}
