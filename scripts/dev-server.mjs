// `npm run dev`'s app server, which `remix dev` starts after each rebuild. One command, since
// `remix dev -c` runs it without a shell: it bundles the server's own entries again (a change to
// the sync worker's code reaches build/sync-worker.js), then runs build/server.js.
import "./build-server-entries.mjs";

await import("../build/server.js");
