package lookup

import (
	"testing"
	"time"
)

// dateTests are the date forms the service has sent (reference facts §1.3,
// §1.4); the fuzz tests start from them.
var dateTests = []struct {
	in      string
	want    Date
	wantErr bool
}{
	{"09/20/17", Date{2017, time.September, 20}, false},
	{"12/01/17", Date{2017, time.December, 1}, false},
	{"2/29/20", Date{2020, time.February, 29}, false},
	{"06/25/2018", Date{2018, time.June, 25}, false},
	{"2015-09-23", Date{2015, time.September, 23}, false},
	{"2015-09-23T00:00:00.000Z", Date{2015, time.September, 23}, false},
	{" ", Date{}, false},
	{"", Date{}, false},
	{"02/29/18", Date{}, true},
	{"13/01/17", Date{}, true},
	{"00/10/17", Date{}, true},
	{"1/2/3", Date{}, true},
	{"09-20-17", Date{}, true},
	{"2015-9-23", Date{}, true},
	{"2015-09-23 10:00", Date{}, true},
	{"Fall", Date{}, true},
}

func TestParseDate(t *testing.T) {
	for _, tt := range dateTests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseDate(tt.in)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("ParseDate(%q) = %v, %v, want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestDateString(t *testing.T) {
	if got := (Date{2017, time.September, 20}).String(); got != "2017-09-20" {
		t.Errorf("String() = %q, want 2017-09-20", got)
	}
	if got := (Date{}).String(); got != "" {
		t.Errorf("zero String() = %q, want empty", got)
	}
}

// timeOfDayTests are the meeting-time forms; the fuzz tests start from them.
var timeOfDayTests = []struct {
	in      string
	want    TimeOfDay
	wantErr bool
}{
	{"2017-11-18T11:00:00+00:00", TimeOfDay{11, 0}, false},
	{"2017-11-18T23:59:00-08:00", TimeOfDay{23, 59}, false},
	{"2015-08-30T09:50:00.000Z", TimeOfDay{9, 50}, false},
	{"11:00", TimeOfDay{11, 0}, false},
	{"9:05", TimeOfDay{9, 5}, false},
	{"13:50:00", TimeOfDay{13, 50}, false},
	{"", TimeOfDay{}, false},
	{"24:00", TimeOfDay{}, true},
	{"11:60", TimeOfDay{}, true},
	{"11", TimeOfDay{}, true},
	{"11:0", TimeOfDay{}, true},
	{"11:00:0x", TimeOfDay{}, true},
	{"noon", TimeOfDay{}, true},
	{"2017-11-18T", TimeOfDay{}, true},
}

func TestParseTimeOfDay(t *testing.T) {
	for _, tt := range timeOfDayTests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseTimeOfDay(tt.in)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("ParseTimeOfDay(%q) = %v, %v, want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
			}
		})
	}
}
