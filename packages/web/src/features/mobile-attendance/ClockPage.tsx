import { matchFence } from '@hr/core/browser';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { FencePlot } from './FencePlot';
import {
  type ClockPayload,
  flushQueue,
  newClientId,
  queueClock,
  queuedClocks,
  registerServiceWorker,
  requestBackgroundSync,
  type SendOutcome,
  sendClock,
} from './offline-queue';
import './texts';
import { useCamera } from './use-camera';
import { usePosition } from './use-position';

type Notice = { tone: 'success' | 'warning' | 'error' | 'info'; text: string };

/** 'yyyy-mm-ddThh:mm:ss' → 'hh:mm'. */
const hhmm = (local: string) => local.slice(11, 16);
/** An instant as 'hh:mm' on the phone's clock (the phone is where the office is: WIB, WITA or WIT). */
const phoneHhmm = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * /personal/attendance/clock: clock in or out from the phone (issue 21 part 2). Phone first (390 px):
 * position with its accuracy and the nearest attendance area, the front camera and a selfie, two big
 * buttons. Without signal the clock-in is kept on the phone (IndexedDB) and sent when back online.
 */
export function ClockPage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const me = trpc.mobileAttendance.me.useQuery();
  const { state: pos, locate } = usePosition();
  const cam = useCamera();
  const [photo, setPhoto] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [queued, setQueued] = useState(0);
  const [online, setOnline] = useState(() => navigator.onLine);
  const kindLabel = useCallback((k: 'in' | 'out') => (k === 'in' ? t('mob.clockIn') : t('mob.clockOut')), [t]);

  const describe = useCallback(
    (p: ClockPayload, o: Exclude<SendOutcome, { kind: 'network' }>): Notice => {
      if (o.kind === 'refused') return { tone: 'error', text: t('mob.refused', { message: o.message }) };
      const a = o.answer;
      const vars = { kind: kindLabel(p.kind), time: hhmm(a.localTime) };
      if (a.duplicate) return { tone: 'info', text: t('mob.alreadyRecorded', vars) };
      if (a.status === 'pending') return { tone: 'warning', text: t('mob.recordedPending', vars) };
      return { tone: 'success', text: t('mob.recorded', vars) };
    },
    [t, kindLabel],
  );

  const refreshQueue = useCallback(
    () =>
      queuedClocks().then(
        (q) => setQueued(q.length),
        () => undefined,
      ),
    [],
  );
  const flush = useCallback(async () => {
    const sent = await flushQueue((p, o) => setNotice(describe(p, o))).catch(() => 0);
    await refreshQueue();
    if (sent > 0) void utils.mobileAttendance.me.invalidate();
  }, [describe, refreshQueue, utils]);

  const { start: startCamera } = cam;
  useEffect(() => {
    registerServiceWorker();
    void startCamera();
  }, [startCamera]);
  useEffect(() => {
    void refreshQueue();
    if (navigator.onLine) void flush();
    const goOnline = () => {
      setOnline(true);
      void flush();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const timer = setInterval(() => {
      if (navigator.onLine) void flush();
    }, 30_000);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      clearInterval(timer);
    };
  }, [flush, refreshQueue]);

  const data = me.data;
  const position = pos.kind === 'ok' ? pos.position : pos.kind === 'locating' ? pos.last : null;
  const match = data && position ? matchFence(position, data.fences) : null;
  const tooVague = !!(data && position && position.accuracyM > data.maxAccuracyM);

  const clock = async (kind: 'in' | 'out') => {
    if (!position) return setNotice({ tone: 'warning', text: t('mob.locating') });
    if (!photo) return setNotice({ tone: 'warning', text: t('mob.photoNeeded') });
    const p: ClockPayload = {
      clientId: newClientId(),
      kind,
      latitude: Number(position.latitude.toFixed(6)),
      longitude: Number(position.longitude.toFixed(6)),
      accuracyM: Math.round(position.accuracyM * 10) / 10,
      takenAt: new Date().toISOString(),
      offline: false,
      selfie: { contentType: 'image/jpeg', contentBase64: photo },
    };
    setBusy(true);
    try {
      const o: SendOutcome = navigator.onLine ? await sendClock(p) : { kind: 'network' };
      if (o.kind === 'network') {
        await queueClock(p);
        await refreshQueue();
        void requestBackgroundSync();
        setNotice({ tone: 'warning', text: t('mob.savedOffline', { kind: kindLabel(kind), time: phoneHhmm(p.takenAt) }) });
      } else {
        setNotice(describe(p, o));
        if (o.kind === 'stored') void utils.mobileAttendance.me.invalidate();
      }
      setPhoto(null);
    } finally {
      setBusy(false);
    }
  };

  if (me.isError) {
    return (
      <div className="mx-auto max-w-md">
        <PageTitle>{t('mob.clockTitle')}</PageTitle>
        <Banner tone="error">{me.error.message}</Banner>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md space-y-3">
      <PageTitle>{t('mob.clockTitle')}</PageTitle>
      {data ? <p className="text-sm text-slate-600">{t('mob.hello', { name: data.employeeName })}</p> : null}
      {!online ? <Banner tone="warning">{t('mob.offlineNow')}</Banner> : null}
      {notice ? (
        <Banner tone={notice.tone} className="text-base">
          <span data-testid="clock-notice">{notice.text}</span>
        </Banner>
      ) : null}
      {queued > 0 ? (
        <Banner tone="info">
          <div className="flex items-center justify-between gap-2">
            <span data-testid="clock-queued">{t('mob.queued', { count: queued })}</span>
            <Button size="sm" variant="secondary" disabled={!online} onClick={() => void flush()}>
              {t('mob.sendNow')}
            </Button>
          </div>
        </Banner>
      ) : null}

      <Card title={t('mob.location')}>
        <div className="space-y-2 text-sm">
          {pos.kind === 'denied' ? <Banner tone="error">{t('mob.locationDenied')}</Banner> : null}
          {pos.kind === 'unsupported' ? <Banner tone="error">{t('mob.locationUnsupported')}</Banner> : null}
          {pos.kind === 'failed' ? <Banner tone="error">{t('mob.locationFailed', { message: pos.message })}</Banner> : null}
          {position ? (
            <p className="font-mono text-xs text-slate-600">
              {position.latitude.toFixed(6)}, {position.longitude.toFixed(6)} ·{' '}
              {t('mob.accuracy', { m: Math.round(position.accuracyM) })}
            </p>
          ) : (
            <p className="text-slate-500">{t('mob.locating')}</p>
          )}
          {tooVague && data && position ? (
            <Banner tone="warning">{t('mob.tooImprecise', { m: Math.round(position.accuracyM), max: data.maxAccuracyM })}</Banner>
          ) : null}
          {data && data.fences.length === 0 ? <Banner tone="warning">{t('mob.noFence')}</Banner> : null}
          {match ? (
            <p data-testid="fence-status" className={match.inside ? 'font-medium text-green-700' : 'font-medium text-red-700'}>
              {match.inside
                ? t('mob.insideFence', { fence: match.fence.name, m: match.distanceM })
                : t('mob.outsideFence', { fence: match.fence.name, m: match.distanceM, radius: match.fence.radiusM })}
              {!match.inside ? (
                <span className="block font-normal text-slate-600">
                  {data?.outsidePolicy === 'refuse' ? t('mob.outsideRefused') : t('mob.outsideNeedsApproval')}
                </span>
              ) : null}
            </p>
          ) : null}
          {data && position && data.fences.length > 0 ? (
            <FencePlot
              title={t('mob.map')}
              fences={match ? [match.fence] : data.fences}
              points={[{ id: 'me', ...position, tone: 'me' }]}
            />
          ) : null}
          <Button size="sm" variant="secondary" onClick={locate}>
            {t('mob.refresh')}
          </Button>
        </div>
      </Card>

      <Card title={t('mob.camera')}>
        <div className="space-y-2">
          {cam.state.kind === 'denied' ? <Banner tone="error">{t('mob.cameraDenied')}</Banner> : null}
          {cam.state.kind === 'failed' ? (
            <Banner tone="error">{t('mob.cameraFailed', { message: cam.state.message })}</Banner>
          ) : null}
          <div className="relative overflow-hidden rounded-md bg-slate-900">
            {/* The preview is mirrored like a mirror; the captured photo is not. */}
            <video
              ref={cam.videoRef}
              className={`aspect-[4/3] w-full -scale-x-100 object-cover ${photo ? 'hidden' : ''}`}
              playsInline
              muted
              autoPlay
            />
            {photo ? (
              <img src={`data:image/jpeg;base64,${photo}`} alt={t('mob.camera')} className="aspect-[4/3] w-full object-cover" />
            ) : null}
          </div>
          {cam.state.kind === 'live' ? (
            photo ? (
              <Button variant="secondary" className="w-full" onClick={() => setPhoto(null)}>
                {t('mob.retake')}
              </Button>
            ) : (
              <Button variant="secondary" className="w-full" onClick={() => setPhoto(cam.capture())}>
                {t('mob.takePhoto')}
              </Button>
            )
          ) : (
            <Button
              variant="secondary"
              className="w-full"
              disabled={cam.state.kind === 'starting'}
              onClick={() => void cam.start()}
            >
              {t('mob.cameraStart')}
            </Button>
          )}
        </div>
      </Card>

      <div className="grid grid-cols-2 gap-3">
        <Button className="py-4 text-base" disabled={busy || !position || !photo} onClick={() => void clock('in')}>
          {busy ? t('mob.sending') : t('mob.clockIn')}
        </Button>
        <Button
          className="py-4 text-base"
          variant="secondary"
          disabled={busy || !position || !photo}
          onClick={() => void clock('out')}
        >
          {busy ? t('mob.sending') : t('mob.clockOut')}
        </Button>
      </div>

      <Card title={t('mob.today')}>
        {data && data.today.length > 0 ? (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="clock-today">
            {data.today.map((p) => (
              <li key={p.clientId} className="flex items-center justify-between py-2">
                <span>
                  <span className="font-medium">{hhmm(p.localTime)}</span> {p.kind === 'in' ? t('mob.kindIn') : t('mob.kindOut')}
                  {p.offline ? <span className="ml-1 text-xs text-slate-500">({t('mob.offlineFlag')})</span> : null}
                </span>
                <span
                  className={
                    p.status === 'pending' ? 'text-amber-700' : p.status === 'rejected' ? 'text-red-700' : 'text-green-700'
                  }
                >
                  {t(`mob.status.${p.status}`)}
                  {p.distanceM !== null ? <span className="ml-1 text-xs text-slate-500">{p.distanceM} m</span> : null}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t('mob.nothingToday')}</p>
        )}
      </Card>
    </div>
  );
}
