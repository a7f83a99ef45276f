import { Skeleton, SkeletonLines } from './Skeleton';

/** The shape of an article while it loads. */
export function DetailSkeleton() {
  return (
    <div className="page mfa-layout" aria-busy="true">
      <div>
        <Skeleton className="mfa-skeleton-back" />
        <Skeleton className="mfa-skeleton-title" />
        <SkeletonLines count={2} className="mfa-skeleton-byline" />
        <Skeleton className="mfa-photo" />
        <SkeletonLines count={8} className="mfa-skeleton-text" />
      </div>
      <Skeleton className="mfa-skeleton-sidebar" />
    </div>
  );
}
