import type { Comment } from './types';

/** The comments shown under an article: its own (linked by title, spec §7), approved ones only (spec §4). */
export function visibleComments(comments: Comment[], articleTitle: string): Comment[] {
  return comments.filter((comment) => comment.approve_comment && comment.article === articleTitle);
}
