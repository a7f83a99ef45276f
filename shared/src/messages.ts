// The exact alert texts of spec §8; they are part of the product.

export const FORM_SUBMITTED = 'Form submitted successfully!';
export const FORM_SUBMIT_FAILED = 'Failed to submit form. Please try again.';
export const LIKE_FAILED = 'Failed to update like. Please try again.';
export const DISLIKE_FAILED = 'Failed to update dislike. Please try again.';
export const ALREADY_LIKED = 'Ya has dado like a este comentario.';
export const ALREADY_DISLIKED = 'Ya has dado dislike a este comentario.';
