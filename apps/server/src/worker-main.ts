// `npm run worker`: a process that only runs queued tool runs. The queue arrives with the
// run pipeline; until then this process says so and exits cleanly.
console.error('The worker process has nothing to run yet: the run pipeline is not built.');
process.exit(0);
