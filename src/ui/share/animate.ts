/**
 * The story as an animated GIF or a WebM video, made in the page (loaded on first use, with its
 * encoders, so the lab's first load does not grow): the frames the command line draws
 * (viz/animation: one per line of the story as the lab tells it, the line burned in, then the
 * whole run), each drawn by the browser on a canvas, then encoded by gifenc or by WebCodecs'
 * VideoEncoder (VP9, else VP8) into a WebM by webm-muxer. `onProgress` hears after every frame;
 * the loop yields to the page between frames so the progress bar moves.
 */
import { ArrayBufferTarget, Muxer } from 'webm-muxer'
import type { LabRun } from '../../store'
import { storyFrames } from '../../viz/animation'
import { gifWriter } from '../../viz/gif'
import { saveFile, svgToCanvas } from './download'
import type { Saved } from './exports'
import { fileStem } from './scenarioFile'
import { nextTimerTask } from '../whenIdle'

export type AnimationFormat = 'gif' | 'webm'

export interface AnimationOptions {
  format: AnimationFormat
  theme: 'light' | 'dark'
  widthPx: number
}

export type Progress = (done: number, total: number) => void

export async function exportAnimation(
  lab: LabRun,
  options: AnimationOptions,
  onProgress: Progress,
): Promise<Saved> {
  // Even sizes: 4:2:0 video halves each dimension for colour.
  const widthPx = options.widthPx - (options.widthPx % 2)
  const plan = storyFrames(lab.run, lab.findings, {
    widthPx,
    theme: options.theme,
    captions: lab.captions,
  })
  if (!plan.ok) throw new Error(plan.message)
  const total = plan.frames.length
  onProgress(0, total)
  const bytes =
    options.format === 'gif'
      ? await gif(plan.frames, onProgress)
      : await webm(plan.frames, plan.widthPx, plan.heightPx, onProgress)
  const name = `${fileStem(lab.scenario)}${options.theme === 'dark' ? '-dark' : ''}.${options.format}`
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], {
    type: options.format === 'gif' ? 'image/gif' : 'video/webm',
  })
  saveFile(name, blob)
  return { name, bytes: blob.size }
}

type Frames = ReadonlyArray<{ svg: string; holdMs: number }>

async function gif(frames: Frames, onProgress: Progress): Promise<Uint8Array> {
  const writer = gifWriter()
  for (const [i, frame] of frames.entries()) {
    const canvas = await svgToCanvas(frame.svg, 1)
    const context = canvas.getContext('2d')
    if (context === null) throw new Error('this browser cannot draw on a canvas')
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height)
    writer.add({
      rgba: pixels.data,
      widthPx: canvas.width,
      heightPx: canvas.height,
      holdMs: frame.holdMs,
    })
    onProgress(i + 1, frames.length)
    await nextTimerTask()
  }
  return writer.finish()
}

/** VP9 where the browser encodes it, else VP8: both are WebM's. */
async function videoCodec(
  widthPx: number,
  heightPx: number,
): Promise<{ config: VideoEncoderConfig; track: string }> {
  for (const [codec, track] of [
    ['vp09.00.10.08', 'V_VP9'],
    ['vp8', 'V_VP8'],
  ] as const) {
    const config: VideoEncoderConfig = { codec, width: widthPx, height: heightPx, bitrate: 2e6 }
    const support = await VideoEncoder.isConfigSupported(config)
    if (support.supported === true) return { config, track }
  }
  throw new Error('this browser encodes neither VP9 nor VP8 video: download the GIF instead')
}

async function webm(
  frames: Frames,
  widthPx: number,
  heightPx: number,
  onProgress: Progress,
): Promise<Uint8Array> {
  if (typeof VideoEncoder === 'undefined' || typeof VideoFrame === 'undefined') {
    throw new Error('this browser cannot encode video (no WebCodecs): download the GIF instead')
  }
  const { config, track } = await videoCodec(widthPx, heightPx)
  const muxer = new Muxer({
    target: new ArrayBufferTarget(),
    video: { codec: track, width: widthPx, height: heightPx },
  })
  // The encoder reports a failure through its callback, later: kept here, thrown after flush.
  const status: { failure: Error | null } = { failure: null }
  const encoder = new VideoEncoder({
    output: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
    error: (error) => {
      status.failure = error
    },
  })
  encoder.configure(config)
  let atUs = 0
  for (const [i, frame] of frames.entries()) {
    const canvas = await svgToCanvas(frame.svg, 1)
    const durationUs = frame.holdMs * 1000
    const video = new VideoFrame(canvas, { timestamp: atUs, duration: durationUs })
    encoder.encode(video, { keyFrame: i === 0 })
    video.close()
    atUs += durationUs
    onProgress(i + 1, frames.length)
    await nextTimerTask()
  }
  await encoder.flush()
  encoder.close()
  if (status.failure !== null) throw status.failure
  muxer.finalize()
  return new Uint8Array(muxer.target.buffer)
}
