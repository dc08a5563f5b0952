import styles from './MemberAvatar.module.css';

interface MemberAvatarProps {
  url: string | null | undefined;
  /** The name whose first letter stands in when there is no picture. */
  name: string;
  size?: 'medium' | 'large';
}

/** The member's picture, or the first letter of their name in a circle. */
export function MemberAvatar({ url, name, size = 'medium' }: MemberAvatarProps) {
  const className = `${styles.avatar} ${styles[size]}`;
  if (url) return <img className={className} src={url} alt="" data-testid="member-avatar" />;
  return (
    <div className={className} aria-hidden="true" data-testid="member-avatar">
      {(name || '?').charAt(0).toUpperCase()}
    </div>
  );
}
