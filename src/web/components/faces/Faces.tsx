import { memo } from 'react';
import { faceFontSize, playerFace, teamFace, type Face } from '../../theme/faces';
import './faces.css';

type FaceSize = 'xs' | 'sm' | 'md' | 'lg';

const PIXELS: Record<FaceSize, number> = { xs: 20, sm: 28, md: 40, lg: 64 };

/** A face drawn in place. Decorative: the name it stands for is always written beside it. */
function FaceSvg({ face, size, inline }: { face: Face; size: FaceSize; inline?: boolean }) {
  const px = PIXELS[size];
  return (
    <svg className={`face face-${size}${inline ? ' face-inline' : ''}`} width={px} height={px} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      {face.shape === 'circle' ? (
        <circle cx="16" cy="16" r="15" fill={face.fill} stroke={face.ring} strokeWidth="2" />
      ) : (
        <rect x="1" y="1" width="30" height="30" rx="7" fill={face.fill} stroke={face.ring} strokeWidth="2" />
      )}
      <text x="16" y="16" dy="0.35em" textAnchor="middle" fontWeight="700" fontSize={faceFontSize(face.text)} fill={face.ink}>
        {face.text}
      </text>
    </svg>
  );
}

/** A team's badge: its code in its colours. */
export const TeamBadge = memo(function TeamBadge({ code, size = 'sm', inline }: { code: string; size?: FaceSize; inline?: boolean }) {
  return <FaceSvg face={teamFace(code)} size={size} inline={inline} />;
});

/** A player's avatar: his initials on his team's colours. */
export const PlayerAvatar = memo(function PlayerAvatar({
  name,
  teamCode,
  size = 'sm',
  inline,
}: {
  name: string;
  teamCode: string;
  size?: FaceSize;
  inline?: boolean;
}) {
  return <FaceSvg face={playerFace(name, teamCode)} size={size} inline={inline} />;
});
