import { buildDemoFolder } from '../../audio/demo/build-demo-folder';

/**
 * Runs buildDemoFolder in a process of its own (started by demo.service.ts). Synthesis leaves the
 * process with gigabytes of resident memory, and every ffmpeg the ingest then starts is forked from
 * the process that starts it: at 4 GB that costs about a quarter of a second of kernel time per child.
 * Progress goes to the parent over the IPC channel.
 */
const [dir, songs, sfx, seed] = process.argv.slice(2);
if (!dir) throw new Error('usage: demo-build.child.ts <dir> <songs> <sfx> [seed]');
await buildDemoFolder(dir, {
  songs: Number(songs),
  sfx: Number(sfx),
  seed: seed ? Number(seed) : undefined,
  onProgress: (done, total) => process.send?.({ done, total }),
});
