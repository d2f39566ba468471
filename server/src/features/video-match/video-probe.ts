import { stat, unlink } from 'node:fs/promises';
import { VIDEO_MAX_SECONDS } from '@cuewave/contract/video-match';
import { runFfmpeg, tempPath } from '../../audio/ffmpeg';
import { AppError } from '../../lib/errors';

export type VideoProbe = {
  /** null when the container does not say (a browser's MediaRecorder WebM): the analysis measures it */
  durationSec: number | null;
  videoCodec: string;
  width: number;
  height: number;
  hasAudio: boolean;
};

const DURATION = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/;
const VIDEO_STREAM = /Stream #\d+:\d+.*?: Video: (\w+)[^\n]*?, (\d{1,5})x(\d{1,5})/;
const AUDIO_STREAM = /Stream #\d+:\d+.*?: Audio: /;

export const unreadable = (why: string) =>
  new AppError('VIDEO_UNREADABLE', `The video could not be read (${why}). It may be damaged or incomplete.`);

export const noFrames = (why: string) =>
  new AppError('VIDEO_NO_FRAMES', `The file has no picture to analyse (${why}). Upload a video with images.`);

/** Reads what ffmpeg reports of the file's streams and decodes its first frame, so a file that cannot be analysed is refused at upload. */
export async function probeVideo(path: string): Promise<VideoProbe> {
  const { stderr } = await runFfmpeg(['-i', path]);
  if (!/Input #0/.test(stderr)) {
    throw unreadable(/moov atom not found/i.test(stderr) ? 'the upload is cut off' : 'unknown or damaged container');
  }
  const hasAudio = AUDIO_STREAM.test(stderr);
  const video = VIDEO_STREAM.exec(stderr);
  // A cover picture stored as a video stream (mjpeg/png "attached pic") is not a video either.
  if (!video || /\(attached pic\)/.test(video[0])) throw noFrames(hasAudio ? 'it is audio only' : 'no video track');
  const d = DURATION.exec(stderr);
  const durationSec = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null;
  if (durationSec !== null && durationSec > VIDEO_MAX_SECONDS + 0.5) {
    throw new AppError(
      'VIDEO_TOO_LONG',
      `The video is ${formatMinutes(durationSec)} long; video match takes up to ${VIDEO_MAX_SECONDS / 60} minutes.`,
    );
  }
  await decodeFirstFrame(path);
  return { durationSec, videoCodec: video[1]!, width: Number(video[2]), height: Number(video[3]), hasAudio };
}

async function decodeFirstFrame(path: string): Promise<void> {
  const out = tempPath('.rgb');
  try {
    const { code, stderr } = await runFfmpeg(
      [
        '-v',
        'error',
        '-i',
        path,
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-vf',
        'scale=16:16',
        '-pix_fmt',
        'rgb24',
        '-f',
        'rawvideo',
        'pipe:1',
      ],
      { stdoutFile: out },
    );
    const size = await stat(out).then(
      (s) => s.size,
      () => 0,
    );
    if (size > 0) return;
    if (code !== 0 && !/does not contain|matches no streams/i.test(stderr))
      throw unreadable('its picture cannot be decoded');
    throw noFrames('the video track holds no frames');
  } finally {
    await unlink(out).catch(() => {});
  }
}

export function formatMinutes(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
