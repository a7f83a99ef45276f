import { Skeleton, SkeletonLines } from '../common/Skeleton';
import common from '../common/common.module.css';
import styles from './ArticleDetail.module.css';

/** The shape of an article while it loads. */
export function DetailSkeleton() {
  return (
    <div className={`page ${common.layout}`} aria-busy="true">
      <div>
        <Skeleton className={styles.skeletonBack} />
        <Skeleton className={styles.skeletonTitle} />
        <SkeletonLines count={2} className={styles.skeletonByline} />
        <Skeleton className={common.widePhoto} />
        <SkeletonLines count={8} className={styles.skeletonText} />
      </div>
      <Skeleton className={styles.skeletonSidebar} />
    </div>
  );
}
