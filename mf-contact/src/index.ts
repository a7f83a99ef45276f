// The async boundary lets Module Federation share React before any of it runs.
void import('./bootstrap');
