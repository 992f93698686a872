package urlnorm

// Unicode17 lets the external tests know which UTS #46 tables run.
const Unicode17 = unicode17
