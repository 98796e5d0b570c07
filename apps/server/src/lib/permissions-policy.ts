// Powerful browser features no page of Vigil uses: denied to the admin app, the phishing listener and
// anything they frame, so an injected script or a hostile logo cannot ask for them.
const neverUsed = [
  'accelerometer',
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

// What the admin app leaves allowed: clipboard, fullscreen and passkeys, which it uses (copying a SCIM
// token, the docs, sign-in part 2), and media playback, which is not powerful. The listener's pages use none of it.
const usedByTheAdminApp = ['autoplay', 'clipboard-read', 'clipboard-write', 'encrypted-media', 'fullscreen', 'picture-in-picture', 'publickey-credentials-get'];

const denying = (features: string[]) => features.map((feature) => `${feature}=()`).join(', ');

/** The admin app's Permissions-Policy header. */
export const adminPermissionsPolicy = denying(neverUsed);

/** The phishing listener's Permissions-Policy header: every feature it can name. */
export const listenerPermissionsPolicy = denying([...neverUsed, ...usedByTheAdminApp]);
