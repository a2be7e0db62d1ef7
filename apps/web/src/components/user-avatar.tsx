import Avatar, { type AvatarProps } from '@mui/material/Avatar';

/** Up to two initials of a name ("Ada Lovelace" -> "AL"), "?" when empty. */
export const nameInitials = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => Array.from(part)[0]?.toUpperCase() ?? '')
    .join('') || '?';

/** A round avatar with the person's initials; decorative (the name is always shown next to it). */
export function UserAvatar({ name, size = 36, sx, ...props }: { name: string; size?: number } & Omit<AvatarProps, 'children'>) {
  return (
    <Avatar
      aria-hidden
      {...props}
      sx={[
        { width: size, height: size, fontSize: size * 0.4, fontWeight: 600, bgcolor: 'primary.light', color: 'textColor.primary' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {nameInitials(name)}
    </Avatar>
  );
}
