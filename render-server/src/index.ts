// The async boundary lets Module Federation share React (with the sections' server builds) before any of it runs.
void import('./main');
