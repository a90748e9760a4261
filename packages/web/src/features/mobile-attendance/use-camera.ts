import { useCallback, useEffect, useRef, useState } from 'react';

/** Longest side of the captured selfie (px): 480 keeps a JPEG near 30–60 KB, well under the server's 400 KB. */
const CAPTURE_SIDE = 480;
const JPEG_QUALITY = 0.75;

export type CameraState =
  | { kind: 'off' }
  | { kind: 'starting' }
  | { kind: 'live' }
  | { kind: 'denied' }
  | { kind: 'failed'; message: string };

/** The front camera in a <video>, and a frame of it captured as JPEG (base64, without the data: prefix). */
export function useCamera() {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>({ kind: 'off' });

  const stop = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setState({ kind: 'off' });
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'failed', message: 'this browser has no camera access (use HTTPS)' });
      return;
    }
    setState({ kind: 'starting' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
        audio: false,
      });
      streamRef.current = stream;
      if (videoRef.current) {
        videoRef.current.srcObject = stream;
        await videoRef.current.play().catch(() => undefined);
      }
      setState({ kind: 'live' });
    } catch (e) {
      const name = e instanceof DOMException ? e.name : '';
      if (name === 'NotAllowedError' || name === 'SecurityError') setState({ kind: 'denied' });
      else setState({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  }, []);

  useEffect(() => stop, [stop]);

  /** The current frame as a JPEG, or null while the video has no picture yet. */
  const capture = useCallback((): string | null => {
    const v = videoRef.current;
    if (!v || v.videoWidth === 0 || v.videoHeight === 0) return null;
    const scale = Math.min(1, CAPTURE_SIDE / Math.max(v.videoWidth, v.videoHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(v.videoWidth * scale);
    canvas.height = Math.round(v.videoHeight * scale);
    canvas.getContext('2d')?.drawImage(v, 0, 0, canvas.width, canvas.height);
    const url = canvas.toDataURL('image/jpeg', JPEG_QUALITY);
    return url.startsWith('data:image/jpeg;base64,') ? url.slice('data:image/jpeg;base64,'.length) : null;
  }, []);

  return { videoRef, state, start, stop, capture };
}
