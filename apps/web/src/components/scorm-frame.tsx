import Box from '@mui/material/Box';
import type { ScormCommitBody, ScormLaunch } from '@vigil/contracts';
import { useEffect, useRef, useState } from 'react';

type Runtime = { api: { on: (event: string, callback: () => void) => void; getCMIValue: (element: string) => string }; lms: { destroy: () => void } };

const text = (api: Runtime['api'], element: string) => {
  try {
    const value = api.getCMIValue(element);
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
};
const number = (api: Runtime['api'], element: string) => {
  const value = text(api, element);
  return value === undefined || !Number.isFinite(Number(value)) ? undefined : Number(value);
};

/** A class of scorm-again's builds: its ES modules export it by name, its type declarations as the default. */
const named = <T,>(module: { default: T }, name: string): T => (module as unknown as Record<string, T>)[name] ?? module.default;

/** What the runtime holds after a commit, in the shape the API reads (see ScormCommitBody). */
const readCommit = (version: ScormLaunch['version'], api: Runtime['api'], session: string): ScormCommitBody => {
  if (version === '1.2') {
    return {
      session,
      lessonStatus: text(api, 'cmi.core.lesson_status'),
      scoreRaw: number(api, 'cmi.core.score.raw'),
      scoreMin: number(api, 'cmi.core.score.min'),
      scoreMax: number(api, 'cmi.core.score.max'),
      suspendData: text(api, 'cmi.suspend_data') ?? '',
      location: text(api, 'cmi.core.lesson_location') ?? '',
    };
  }
  return {
    session,
    completionStatus: text(api, 'cmi.completion_status'),
    successStatus: text(api, 'cmi.success_status'),
    scoreScaled: number(api, 'cmi.score.scaled'),
    scoreRaw: number(api, 'cmi.score.raw'),
    scoreMin: number(api, 'cmi.score.min'),
    scoreMax: number(api, 'cmi.score.max'),
    suspendData: text(api, 'cmi.suspend_data') ?? '',
    location: text(api, 'cmi.location') ?? '',
  };
};

/**
 * A SCORM package playing in a frame on the sandbox origin. The runtime (scorm-again: `API` for 1.2,
 * `API_1484_11` for 2004) lives here, in the app's page; the package reaches it through the launch
 * page's cross-frame client, and only messages from the sandbox origin are answered. It starts where
 * the learner left off (suspend data, location); each commit and the end of the run are handed to
 * `onCommit` (none in a preview).
 */
export const ScormFrame = ({ launch, title, onCommit }: { launch: ScormLaunch; title: string; onCommit?: (body: ScormCommitBody) => void }) => {
  const [ready, setReady] = useState(false);
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  }, [onCommit]);
  const { version, origin } = launch;
  // Where the run starts is read once: later reads of the lesson (after a commit) must not restart it.
  const [{ suspendData, location }] = useState(launch.state);

  useEffect(() => {
    let runtime: Runtime | undefined;
    let cancelled = false;
    // One run of the package: the server counts a failure once per run.
    const session = `run-${crypto.randomUUID()}`;
    void (async () => {
      const [CrossFrameLMS, api] = await Promise.all([
        import('scorm-again/cross-frame-lms').then((module) => named(module, 'CrossFrameLMS')),
        version === '1.2'
          ? import('scorm-again/scorm12').then((module) => new (named(module, 'Scorm12API'))({ autocommit: false, lmsCommitUrl: false, logLevel: 5 }))
          : import('scorm-again/scorm2004').then((module) => new (named(module, 'Scorm2004API'))({ autocommit: false, lmsCommitUrl: false, logLevel: 5 })),
      ]);
      if (cancelled) return;
      // Where the learner left off, before the package initialises.
      if (version === '1.2') api.loadFromJSON({ suspend_data: suspendData, core: { lesson_location: location, entry: suspendData || location ? 'resume' : 'ab-initio' } });
      else api.loadFromJSON({ suspend_data: suspendData, location, entry: suspendData || location ? 'resume' : 'ab-initio' });
      const report = () => commitRef.current?.(readCommit(version, api as unknown as Runtime['api'], session));
      const events = version === '1.2' ? ['LMSCommit', 'LMSFinish'] : ['Commit', 'Terminate'];
      for (const event of events) api.on(event, report);
      runtime = { api: api as unknown as Runtime['api'], lms: new CrossFrameLMS(api, origin) };
      setReady(true);
    })();
    return () => {
      cancelled = true;
      runtime?.lms.destroy();
      setReady(false);
    };
  }, [version, origin, suspendData, location]);

  return (
    <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 10', minHeight: 360, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      {ready ? (
        <Box
          component="iframe"
          title={title}
          src={launch.launchUrl}
          // The package's own origin keeps it from the app; it may run script and open its own frames, nothing more.
          sandbox="allow-scripts allow-same-origin allow-forms"
          referrerPolicy="no-referrer"
          data-testid="scorm-frame"
          sx={{ border: 0, width: '100%', height: '100%', display: 'block' }}
        />
      ) : null}
    </Box>
  );
};
