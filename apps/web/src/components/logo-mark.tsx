import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

// The shield from public/favicon.svg, drawn in the theme's primary colour.
export const LogoMark = (props: SvgIconProps) => (
  <SvgIcon viewBox="0 0 32 32" color="primary" {...props}>
    <path d="M16 2 4 6.5v8.2c0 7.3 5.1 13.4 12 15.3 6.9-1.9 12-8 12-15.3V6.5z" />
    <path
      d="m10.5 16.2 3.8 3.8 7.2-7.6"
      fill="none"
      stroke="#fff"
      strokeLinecap="round"
      strokeLinejoin="round"
      strokeWidth={2.6}
    />
  </SvgIcon>
);
