// The frame moved to components/ so the heads-up page shows lures the same way; kept here for this feature's imports.
export { SandboxedFrame } from '../../../components/sandboxed-frame';
