package phone

import (
	"errors"
	"fmt"
	"time"
)

// Option configures [New].
type Option func(*config)

type config struct {
	sender       Sender
	normalizer   Normalizer
	app          string
	codeTTL      time.Duration
	codeAttempts int
	maxNumbers   int
	signUp       bool
	prefix       PrefixLimit
	prefixFor    map[string]PrefixLimit
	allowed      map[string]bool
	templates    map[string]string
}

func newConfig() *config {
	c := &config{normalizer: Strict{}, app: "Sesame", codeTTL: 10 * time.Minute, codeAttempts: 5, maxNumbers: 3,
		signUp: true, prefix: DefaultPrefixLimit, prefixFor: map[string]PrefixLimit{}, templates: map[string]string{}}
	for k, v := range defaultTemplates {
		c.templates[k] = v
	}
	return c
}

// WithSender sets how text messages are sent: required, since codes are
// the only way to prove a number. [ConsoleSender] prints them in
// development.
func WithSender(s Sender) Option { return func(c *config) { c.sender = s } }

// WithNormalizer replaces the [Strict] normalizer, to accept national
// formats or refuse number types (plugin/phone/libphonenumber).
func WithNormalizer(n Normalizer) Option { return func(c *config) { c.normalizer = n } }

// WithAppName sets the application name the messages use.
func WithAppName(name string) Option { return func(c *config) { c.app = name } }

// WithCodes sets how long a code works (10 minutes) and how many wrong
// tries it allows (5).
func WithCodes(ttl time.Duration, attempts int) Option {
	return func(c *config) { c.codeTTL, c.codeAttempts = ttl, attempts }
}

// WithMaxNumbers sets how many numbers one person may have (3).
func WithMaxNumbers(n int) Option { return func(c *config) { c.maxNumbers = n } }

// WithoutSignUp stops codes from creating accounts: a number that names
// nobody gets no code (the answer is the same), and only people who have
// a verified number sign in with one.
func WithoutSignUp() Option { return func(c *config) { c.signUp = false } }

// WithPrefixLimit sets the limit of codes sent to the numbers of any one
// country calling code ([DefaultPrefixLimit]); the zero PrefixLimit turns
// it off.
func WithPrefixLimit(l PrefixLimit) Option { return func(c *config) { c.prefix = l } }

// WithPrefixLimitFor sets the limit of one country calling code ("1",
// "44" ...), where most of the host's people live for example.
func WithPrefixLimitFor(callingCode string, l PrefixLimit) Option {
	return func(c *config) { c.prefixFor[callingCode] = l }
}

// WithCallingCodes accepts numbers of these country calling codes only
// ("44", "353" ...): the countries the host serves. Where people come
// from a few countries, it is the strongest defence against SMS pumping.
func WithCallingCodes(codes ...string) Option {
	return func(c *config) {
		if c.allowed == nil {
			c.allowed = map[string]bool{}
		}
		for _, cc := range codes {
			c.allowed[cc] = true
		}
	}
}

// WithTemplate replaces a message's text, a text/template source that
// sees [MessageData]. Purposes are the Purpose* constants.
func WithTemplate(purpose, text string) Option {
	return func(c *config) { c.templates[purpose] = text }
}

func (c *config) check() error {
	var errs []error
	if c.sender == nil {
		errs = append(errs, errors.New("phone: no sender (WithSender): codes could not be sent"))
	}
	if c.normalizer == nil {
		errs = append(errs, errors.New("phone: the normalizer is nil"))
	}
	if c.codeTTL < time.Minute || c.codeAttempts < 1 {
		errs = append(errs, errors.New("phone: a code must work for a minute at least, and allow one try"))
	}
	if c.maxNumbers < 1 {
		errs = append(errs, errors.New("phone: at least one number per person"))
	}
	for cc, l := range c.prefixFor {
		if !callingCodes[cc] {
			errs = append(errs, fmt.Errorf("phone: WithPrefixLimitFor: %q is no country calling code", cc))
		}
		errs = append(errs, l.check())
	}
	for cc := range c.allowed {
		if !callingCodes[cc] {
			errs = append(errs, fmt.Errorf("phone: WithCallingCodes: %q is no country calling code", cc))
		}
	}
	errs = append(errs, c.prefix.check())
	for purpose, text := range c.templates {
		if _, err := parseTemplate(purpose, text); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// limitFor returns the limit of a calling code.
func (c *config) limitFor(cc string) PrefixLimit {
	if l, ok := c.prefixFor[cc]; ok {
		return l
	}
	return c.prefix
}
