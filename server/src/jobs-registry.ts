// The composition root of the job queue (decision 049): every feature's job handlers, by kind. Features
// export their handlers; only this file (used by main.ts, CLIs and the test app) puts them together,
// so no feature imports another to run its jobs.
import type { FeatureDeps } from './deps';
import type { JobHandlers } from './features/jobs/jobs.types';
import { storageProbeJobHandlers } from './providers/storage/storage-probe.job';
import { archiveJobHandlers } from './features/archives/archives.job';
import { downloadJobHandlers } from './features/downloads/downloads.jobs';
import { searchJobHandlers } from './features/search/search.jobs';
import { soundJobHandlers } from './features/search/sound/sound.jobs';
import { videoMatchJobHandlers } from './features/video-match/video-match.job';
import { videoSweepJobHandlers } from './features/video-match/video-match.sweep';
import { demoJobHandlers } from './features/catalog/demo.jobs';
import { enqueueCatalogBackfillIfNeeded } from './features/downloads/catalog-backfill';

/** `log`: where long jobs that a person watches on the console (the first start's demo build) report. */
export function jobHandlers(deps: FeatureDeps, log?: (line: string) => void): JobHandlers {
  return {
    // The demo build leaves its stem previews to the downloads backfill (decision 074).
    ...demoJobHandlers({
      db: deps.db,
      storage: deps.storage,
      log,
      afterBuild: async () => void (await enqueueCatalogBackfillIfNeeded(deps, deps.clock)),
    }),
    ...storageProbeJobHandlers(deps),
    ...archiveJobHandlers(deps),
    ...downloadJobHandlers(deps),
    ...searchJobHandlers(deps),
    ...soundJobHandlers(deps),
    ...videoMatchJobHandlers(deps),
    ...videoSweepJobHandlers(deps),
  };
}
