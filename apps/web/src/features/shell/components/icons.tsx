import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

// The two chevrons of Material Icons (Apache 2.0); @mui/icons-material is not a dependency.
export const ExpandMoreIcon = (props: SvgIconProps) => (
  <SvgIcon {...props}>
    <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />
  </SvgIcon>
);

export const ExpandLessIcon = (props: SvgIconProps) => (
  <SvgIcon {...props}>
    <path d="m12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z" />
  </SvgIcon>
);
