import { initials } from '../lib/format';

interface AvatarProps {
  username: string;
  avatar: string | null | undefined;
  size?: 'sm' | 'md' | 'lg';
}

/** The user's picture, or their initials on a team-coloured circle. Decorative: the name is shown beside it. */
export function Avatar({ username, avatar, size = 'sm' }: AvatarProps) {
  if (avatar) {
    return <img className={`avatar avatar-${size}`} src={avatar} alt="" width={128} height={128} />;
  }
  return (
    <span className={`avatar avatar-${size} avatar-initials`} aria-hidden="true">
      {initials(username)}
    </span>
  );
}
